import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/areas/accounts/passwords';
import {
  caseStudies,
  consultationRequests,
  contactInquiries,
  conversionEvents,
  metrics,
  monthlyReports,
  optInLeads,
  quotes,
  servicePackages,
  users,
} from '../src/platform/db';
import { browser, signInFully, withTestApp } from './auth-client';
import { setupApp } from './helpers';

/** Every API endpoint; `:id`-like params are filled with random (often hostile) values. */
const ENDPOINTS = [
  'GET /api/auth/user',
  'GET /api/reports',
  'GET /api/metrics/latest',
  'GET /api/files',
  'GET /api/files/:id/download',
  'GET /api/service-packages',
  'GET /api/case-studies',
  'GET /api/admin/clients',
  'GET /api/admin/leads',
  'GET /api/admin/leads/:type/:id',
  'GET /api/admin/leads/export.csv',
  'GET /api/admin/users',
  'GET /api/admin/service-packages',
  'GET /api/admin/case-studies',
  'POST /api/contact-inquiry',
  'POST /api/submit-consultation',
  'POST /api/opt-in',
  'POST /api/website-quote',
  'POST /api/submit-quote',
  'POST /api/conversions/track-event',
  'POST /api/discount-codes/validate',
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  'POST /api/change-password',
  'POST /api/admin/clients/:id/reports',
  'GET /api/admin/clients/:id/reports',
  'POST /api/admin/clients/:id/reports/draft',
  'PUT /api/admin/reports/:id',
  'POST /api/admin/reports/:id/publish',
  'POST /api/admin/clients/:id/metrics',
  'POST /api/admin/clients/:id/files',
  'POST /api/admin/service-packages',
  'POST /api/admin/case-studies',
  'PUT /api/admin/service-packages/:id',
  'PUT /api/admin/case-studies/:id',
  'PATCH /api/admin/enquiries/:id',
  'PATCH /api/admin/quotes/:id',
  'PATCH /api/admin/consultations/:id',
  'PATCH /api/admin/users/:id/role',
  'DELETE /api/admin/reports/:id',
  'DELETE /api/admin/files/:id',
  'DELETE /api/admin/service-packages/:id',
  'DELETE /api/admin/case-studies/:id',
  'POST /api/telemetry/remote-load-failure',
] as const;

/** Which table a successful call adds a row to; a refused call must add none. */
const TABLES = {
  'POST /api/contact-inquiry': contactInquiries,
  'POST /api/submit-consultation': consultationRequests,
  'POST /api/opt-in': optInLeads,
  'POST /api/website-quote': quotes,
  'POST /api/submit-quote': quotes,
  'POST /api/conversions/track-event': conversionEvents,
  'POST /api/register': users,
  'POST /api/admin/clients/:id/reports': monthlyReports,
  'POST /api/admin/clients/:id/reports/draft': monthlyReports,
  'POST /api/admin/clients/:id/metrics': metrics,
  'POST /api/admin/service-packages': servicePackages,
  'POST /api/admin/case-studies': caseStudies,
} as const;

/** mulberry32: a tiny seeded generator, so a failure reproduces with the same FUZZ_SEED. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = [
  'businessName',
  'contactName',
  'contactEmail',
  'email',
  'phone',
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'name',
  'websitePackage',
  'selectedAddOns',
  'quoteDetails',
  'pricing',
  'status',
  'role',
  'reportDate',
  'date',
  'seo',
  'title',
  'price',
  'type',
  'features',
  'sortOrder',
  'isActive',
  'code',
  'eventType',
  'servicesInterested',
  'businessType',
  '__proto__',
  'constructor',
];
const STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(70_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u0000\uffff',
  '😀'.repeat(50),
  'admin',
  'master_admin',
  '2026-13-45',
  '2026-10-01',
  'not-an-email',
  'a@b.nz',
  'Kahikatea#2025',
  '-1',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '%00',
  'landingPage',
  'new',
  'won',
];

function gen(r: () => number) {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const value = (depth: number): unknown => {
    const k = Math.floor(r() * (depth > 2 ? 6 : 9));
    switch (k) {
      case 0:
        return pick(STRINGS);
      case 1:
        return pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, 42, 7]);
      case 2:
        return pick([true, false]);
      case 3:
        return null;
      case 4:
        return pick(STRINGS).slice(0, 40);
      case 5:
        return Math.floor(r() * 100);
      case 6:
        return Array.from({ length: Math.floor(r() * 4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: Math.floor(r() * 6) }, () => [pick(FIELDS), value(depth + 1)]));
    }
  };
  const param = () =>
    pick([
      '1',
      '2',
      '0',
      '-5',
      'abc',
      '1.5',
      '99999999999999999999',
      '%2e%2e',
      'enquiry',
      'quote',
      'consultation',
      'optin',
    ]);
  const body = (): { body: string | undefined; type: string | undefined } => {
    const form = Math.floor(r() * 7);
    if (form === 0) return { body: undefined, type: undefined };
    if (form === 1) return { body: '{"unterminated": ', type: 'application/json' };
    if (form === 2)
      return {
        body: JSON.stringify(value(0)),
        type: pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']),
      };
    if (form === 3) return { body: JSON.stringify({ pad: 'y'.repeat(80_000) }), type: 'application/json' };
    if (form === 4) return { body: '\u00ff\u00fe binary', type: 'application/octet-stream' };
    return {
      body: JSON.stringify(value(0)),
      type: pick(['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON']),
    };
  };
  return {
    pick,
    param,
    body,
    query: () =>
      pick([
        '',
        '?page=0',
        '?page=abc&pageSize=1000',
        '?pageSize=5',
        `?clientId=${param()}`,
        '?q=%27%22',
        '?type=nope&status=x',
      ]),
  };
}

let t: Awaited<ReturnType<typeof setupApp>>;
let staff: ReturnType<typeof browser>;
let client: ReturnType<typeof browser>;

beforeAll(async () => {
  t = await setupApp({});
  const password = await hashPassword('Kahikatea#2025');
  await t.db.insert(users).values([
    { username: 'fuzz-master', email: 'm@example.nz', password, role: 'master_admin' },
    { username: 'fuzz-client', email: 'c@example.nz', password, role: 'client' },
  ]);
  staff = browser(t.app);
  client = browser(t.app);
  await withTestApp(t.db, 'fuzz-master');
  expect((await signInFully(staff, t.db, 'fuzz-master', 'Kahikatea#2025')).status).toBe(200);
  expect((await client.post('/api/login', { username: 'fuzz-client', password: 'Kahikatea#2025' })).status).toBe(200);
});
afterAll(() => t.cleanup());

const rows = async () =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(TABLES).map(
        async ([k, table]) => [k, (await t.db.select({ n: count() }).from(table))[0]!.n] as const,
      ),
    ),
  );

describe('fuzzing every /api endpoint', () => {
  const seed = Number(process.env.FUZZ_SEED ?? 20261123);
  it(
    `answers every malformed request with a 4xx and stores nothing for it (seed ${seed})`,
    { timeout: 120_000 },
    async () => {
      const r = rng(seed);
      const g = gen(r);
      const before = await rows();
      const successes: Record<string, number> = {};
      const failures: string[] = [];
      for (const endpoint of ENDPOINTS) {
        const [method, pattern] = endpoint.split(' ') as [string, string];
        for (let i = 0; i < 24; i++) {
          const who = g.pick([undefined, staff, client]);
          const path = pattern.replace(/:[a-z]+/gi, () => g.param()) + (method === 'GET' ? g.query() : '');
          const { body, type } = g.body();
          const cookie = who ? [...who.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
          const headers: Record<string, string> = {
            ...(type ? { 'content-type': type } : {}),
            ...(cookie ? { cookie } : {}),
            ...(r() < 0.2 ? { origin: g.pick(['https://evil.example', 'null', 'http://localhost:8787']) } : {}),
            ...(r() < 0.1 ? { 'x-forwarded-for': g.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1']) } : {}),
          };
          const res = await t.app.request(path, {
            method,
            headers,
            body: method === 'GET' || method === 'HEAD' ? undefined : body,
          });
          await res.arrayBuffer();
          if (res.status >= 500)
            failures.push(`${res.status} ${method} ${path} ${type ?? ''} ${String(body).slice(0, 120)}`);
          if (res.status === 200 || res.status === 201) successes[endpoint] = (successes[endpoint] ?? 0) + 1;
        }
      }
      expect(failures).toEqual([]);
      const after = await rows();
      for (const key of Object.keys(TABLES)) {
        const sameTable = Object.entries(TABLES)
          .filter(([, tb]) => tb === TABLES[key as keyof typeof TABLES])
          .map(([k]) => k);
        const stored = after[key]! - before[key]!;
        const allowed = sameTable.reduce((sum, k) => sum + (successes[k] ?? 0), 0);
        expect(stored, key).toBeLessThanOrEqual(allowed);
      }
    },
  );
});

/** Query strings of every GET endpoint: hostile values of every parameter any list reads, alone and together. */
const QUERY_NAMES = ['page', 'pageSize', 'clientId', 'type', 'status', 'q', 'name', 'r'];
const QUERY_VALUES = [
  '1e20',
  '1e308',
  '-1',
  '0',
  '0x10',
  '1.5',
  ' 5',
  '',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  'toString',
  '__proto__',
  'constructor',
  'valueOf',
  'hasOwnProperty',
  'enquiry',
  'quote',
  'optin',
  'won',
  'accepted',
  '%00',
  '%ff%fe',
  'x'.repeat(5000),
  "' OR 1=1 --",
  '%_!',
];

/** A body nested `depth` deep under `field` (or as the body itself when no field). */
const nested = (depth: number, field?: string) => {
  const inner = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  return field ? `{"${field}":${inner}}` : inner;
};
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Signs staff and client in again (as a new browser, from a new address) when a fuzzed request signed them out: a
 * logout, or a role change, which ends the user's sessions. So every endpoint really is tried as both.
 */
async function stillSignedIn() {
  for (const [who, username] of [
    ['staff', 'fuzz-master'],
    ['client', 'fuzz-client'],
  ] as const) {
    const current = who === 'staff' ? staff : client;
    const me = await current.get('/api/auth/user');
    if (me.status === 200 && me.json.username === username) continue;
    // A fuzzed role change may have demoted the master admin; the test's accounts keep their roles.
    await t.db
      .update(users)
      .set({ role: who === 'staff' ? 'master_admin' : 'client' })
      .where(eq(users.username, username));
    const next = browser(t.app);
    expect((await signInFully(next, t.db, username, 'Kahikatea#2025')).status).toBe(200);
    if (who === 'staff') staff = next;
    else client = next;
  }
}

describe('query strings and deep or huge JSON', () => {
  const seed = Number(process.env.FUZZ_SEED ?? 20261124);

  it(
    `answers every GET endpoint's hostile query strings with no 5xx, as a stranger, a client and staff (seed ${seed})`,
    { timeout: 120_000 },
    async () => {
      const r = rng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
      const failures: string[] = [];
      const gets = ENDPOINTS.filter((e) => e.startsWith('GET ')).map((e) => e.slice(4));
      for (const pattern of gets) {
        await stillSignedIn();
        for (const who of [undefined, client, staff]) {
          const cookie = who ? [...who.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
          const queries = [
            ...QUERY_NAMES.flatMap((name) => QUERY_VALUES.map((v) => `${name}=${encodeURIComponent(v)}`)),
            ...Array.from({ length: 20 }, () =>
              Array.from(
                { length: 1 + Math.floor(r() * 4) },
                () => `${pick(QUERY_NAMES)}=${encodeURIComponent(pick(QUERY_VALUES))}`,
              ).join('&'),
            ),
            'page=1&page=2',
            'type=enquiry&type=quote',
            'type=enquiry&q=a&q=b',
            'type=quote&status=accepted&page=1e20',
          ];
          for (const query of queries) {
            const path = `${pattern.replace(/:type/, pick(['enquiry', 'toString', '__proto__', 'quote'])).replace(/:id/, pick(['1', '1e20', '0', 'valueOf']))}?${query}`;
            const res = await t.app.request(path, { headers: cookie ? { cookie } : {} });
            await res.arrayBuffer();
            if (res.status >= 500) failures.push(`${res.status} GET ${path.slice(0, 160)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    'refuses deep, wide and huge JSON on every write with a 4xx naming the body or field, and stores nothing',
    {
      timeout: 120_000,
    },
    async () => {
      const before = await rows();
      const failures: string[] = [];
      const writes = ENDPOINTS.filter((e) => !e.startsWith('GET '));
      const bodies: [label: string, body: string][] = [
        ['20,000 deep array', nested(20_000)],
        ['20,000 deep under a field', nested(20_000, 'strategies')],
        ['33 deep under a field', nested(33, 'businessName')],
        ['10,000 deep objects', deepObject(10_000)],
        ['wide array', `[${Array.from({ length: 30_000 }, () => '0').join(',')}]`],
        ['many keys', `{${Array.from({ length: 4000 }, (_, i) => `"k${i}":1`).join(',')}}`],
        ['long string in every field', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, 'z'.repeat(1500)])))],
        ['over the size limit', JSON.stringify({ comments: 'y'.repeat(200_000) })],
        ['proto keys', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"role":"master_admin"}'],
      ];
      for (const endpoint of writes) {
        const [method, pattern] = endpoint.split(' ') as [string, string];
        const path = pattern.replace(/:[a-z]+/gi, '1');
        for (const who of [undefined, client, staff]) {
          const cookie = who ? [...who.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
          for (const [label, body] of bodies) {
            const res = await t.app.request(path, {
              method,
              headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
              body,
            });
            const text = await res.text();
            if (res.status >= 500) failures.push(`${res.status} ${endpoint} ${label}: ${text.slice(0, 120)}`);
            if (label.includes('deep') && res.status === 400 && !/nested deeper than 32 levels/.test(text))
              failures.push(`${endpoint} ${label}: 400 without naming the depth: ${text.slice(0, 120)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(await rows()).toEqual(before);
    },
  );

  it('names the field that nests too deep', async () => {
    await stillSignedIn();
    const cookie = [...staff.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const deep = await t.app.request('/api/admin/case-studies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: `{"title":"Deep","strategies":${nested(20_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      message: 'The field strategies is nested deeper than 32 levels.',
      errors: { strategies: 'The field strategies is nested deeper than 32 levels.' },
    });
    // 32 levels pass the nesting guard, and the schema judges the value: strategies are lines of text (decision 0049).
    const fine = await t.app.request('/api/admin/case-studies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: `{"title":"Deep enough","strategies":${nested(31)}}`,
    });
    expect(fine.status).toBe(400);
    expect(((await fine.json()) as { errors: Record<string, string> }).errors).toEqual({
      strategies: 'Strategies must be lines of text',
    });
  });
});
