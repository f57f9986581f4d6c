import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
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
} from '../src/db';
import { browser } from './auth-client';
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
  expect((await staff.post('/api/login', { username: 'fuzz-master', password: 'Kahikatea#2025' })).status).toBe(200);
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
