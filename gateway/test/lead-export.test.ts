import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, desc, eq, like, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS } from '../src/api/lead-export';
import { contactInquiries, optInLeads, quotes } from '../src/db';
import { toCsv } from '../src/http/csv';
import { CSV_PAGE_BYTES, FIRST_PAGE_ROWS } from '../src/http/csv-stream';
import { signedIn } from './auth-client';
import { setupApp } from './helpers';
import { createLogger } from '../src/logger';

const lines: string[] = [];
let t: Awaited<ReturnType<typeof setupApp>>;
let n = 0;
const staff = async () => {
  const { b } = await signedIn(t.app, t.db, 'admin', `exporter${++n}`);
  return [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
};
const exportCsv = (cookie: string, query = 'type=enquiry', method = 'GET') =>
  t.app.request(`/api/admin/leads/export.csv?${query}`, { method, headers: { cookie } });

const BASE = Date.parse('2026-06-01T00:00:00Z');
/** Enquiries with awkward comments (quotes, commas, line breaks, formulas, accents); seven share each millisecond. */
async function addEnquiries(count: number, comment: (i: number) => string, tag = 'Bulk') {
  const rows = Array.from({ length: count }, (_, i) => ({
    businessName: i % 11 === 0 ? `=SUM(A${i})` : `${tag} Business ${i}`,
    contactName: `Contact "${i}", Ltd`,
    contactEmail: `lead${i}@example.nz`,
    servicesInterested: ['seo', 'ppc'],
    comments: comment(i),
    status: (i % 3 === 0 ? 'contacted' : 'new') as 'contacted' | 'new',
    createdAt: new Date(BASE + Math.floor(i / 7)),
  }));
  for (let i = 0; i < rows.length; i += 200) await t.db.insert(contactInquiries).values(rows.slice(i, i + 200));
}
const everyEnquiry = (where?: SQL) =>
  t.db
    .select()
    .from(contactInquiries)
    .where(where)
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id));

beforeAll(async () => {
  t = await setupApp({}, { logger: createLogger('debug', (line) => lines.push(line)) });
});
afterAll(() => t.cleanup());

describe('the lead CSV export, streamed from the database in pages', () => {
  it('sends every row across page boundaries, byte for byte the CSV of all of them in the inbox order', async () => {
    // 1,834 rows of ~750 bytes: a first page of 100, then pages of ~350 (CSV_PAGE_BYTES), with runs of equal
    // timestamps across the page boundaries.
    const filler = ' and more about the business'.repeat(20);
    await addEnquiries(1834, (i) =>
      i % 5 === 0 ? `Line one, "quoted"\r\nline two ${i} ā${filler}` : `+64 ${i}${filler}`,
    );
    const cookie = await staff();
    const res = await exportCsv(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiry-leads-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const all = await everyEnquiry();
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * CSV_PAGE_BYTES);
    expect(text).toBe(toCsv(all));
    expect(text.split('\r\n')[0]).toBe(Object.keys(all[0]!).join(','));

    // The list's filters, across pages too.
    const filtered = await exportCsv(cookie, 'type=enquiry&status=contacted&q=bulk');
    const matching = await everyEnquiry(
      and(eq(contactInquiries.status, 'contacted'), like(contactInquiries.businessName, '%Bulk%')),
    );
    expect(matching.length).toBeGreaterThan(FIRST_PAGE_ROWS);
    expect(await filtered.text()).toBe(toCsv(matching));
  });

  it('quotes a comment with a bare line break, so a spreadsheet keeps it in its row', async () => {
    const [row] = await t.db
      .insert(contactInquiries)
      .values({
        businessName: 'Two Lines Ltd',
        contactName: 'Mere',
        contactEmail: 'mere@example.nz',
        comments: 'First line\nsecond line\rthird',
        createdAt: new Date(BASE - 5000),
      })
      .returning();
    const text = await (await exportCsv(await staff(), 'type=enquiry&q=two%20lines')).text();
    const [header, record, end] = text.split('\r\n');
    expect(end).toBe('');
    expect(header!.split(',')).toHaveLength(18);
    expect(record).toContain(`,"First line\nsecond line\rthird",`);
    expect(record!.startsWith(`${row!.id},Two Lines Ltd,`)).toBe(true);
  });

  it('sends nothing for no rows, and a small export whole', async () => {
    const cookie = await staff();
    const none = await exportCsv(cookie, 'type=consultation');
    expect(none.status).toBe(200);
    expect(await none.text()).toBe('');
    const few = Array.from({ length: 3 }, (_, i) => ({
      firstName: `Few ${i}`,
      email: `few${i}@example.nz`,
      leadMagnet: 'real-talk',
      createdAt: new Date(BASE - 1000 + i),
    }));
    await t.db.insert(optInLeads).values(few);
    const all = await t.db.select().from(optInLeads).orderBy(desc(optInLeads.createdAt), desc(optInLeads.id));
    expect(await (await exportCsv(cookie, 'type=optin')).text()).toBe(toCsv(all));
  });

  it('writes every kind of column as the list reads it: money, yes/no, JSON objects and empty cells', async () => {
    // Rows read as libSQL gives them, each value through its column's decoder: held to toCsv of drizzle's rows.
    const money = [0.1 + 0.2, 1e21, -5, 1234.5, 0, null];
    const rows = Array.from({ length: FIRST_PAGE_ROWS + 23 }, (_, i) => ({
      source: (['website', 'social', 'custom'] as const)[i % 3]!,
      businessName: i % 4 === 0 ? null : `Quote "${i}", Ltd`,
      contactEmail: `quote${i}@example.nz`,
      services: i % 2 ? ['seo', { name: 'ads, "paid"', months: i }] : [],
      pricingDetails: i % 5 === 0 ? null : { total: money[i % money.length], note: '-x\ny' },
      totalMonthlyCost: money[i % money.length],
      finalSetupCost: money[(i + 1) % money.length],
      pricingAgreed: i % 3 === 0 ? null : i % 3 === 1,
      status: 'pending' as const,
      createdAt: new Date(BASE + Math.floor(i / 4)),
    }));
    await t.db.insert(quotes).values(rows);
    const all = await t.db.select().from(quotes).orderBy(desc(quotes.createdAt), desc(quotes.id));
    const text = await (await exportCsv(await staff(), 'type=quote')).text();
    expect(text).toBe(toCsv(all));
    expect(text).toContain(',0.30000000000000004,');
    expect(text).toContain(',1e+21,');
  });

  it('sends all of a large export: no cap at 10,000 rows any more', async () => {
    const more = Array.from({ length: 10_497 }, (_, i) => ({
      firstName: `More ${i}`,
      email: `more${i}@example.nz`,
      leadMagnet: 'real-talk',
      createdAt: new Date(BASE + 5000 + Math.floor(i / 3)),
    }));
    for (let i = 0; i < more.length; i += 500) await t.db.insert(optInLeads).values(more.slice(i, i + 500));
    const all = await t.db.select().from(optInLeads).orderBy(desc(optInLeads.createdAt), desc(optInLeads.id));
    expect(all.length).toBe(10_500);
    const text = await (await exportCsv(await staff(), 'type=optin')).text();
    expect(text.split('\r\n')).toHaveLength(10_500 + 2); // header, rows, and the empty piece after the last CRLF
    expect(text).toBe(toCsv(all));
  });

  it(`runs at most ${EXPORT_LIMITS.perUser} per person and ${EXPORT_LIMITS.inAll} in all, with a 429 naming the limit, and frees each slot when an export ends or its client leaves`, async () => {
    const [ana, ben, cai] = [await staff(), await staff(), await staff()];
    // Responses nobody reads yet: each export waits for its client after its first pages.
    const anaHeld = [await exportCsv(ana), await exportCsv(ana)];
    expect(anaHeld.map((r) => r.status)).toEqual([200, 200]);
    const perPerson = await exportCsv(ana);
    expect(perPerson.status).toBe(429);
    expect(perPerson.headers.get('retry-after')).toBe('10');
    expect(((await perPerson.json()) as { message: string }).message).toMatch(
      /^Only 2 exports can run at once for each person, .*Please wait for one of them to finish, then try again\.$/,
    );
    // A HEAD asks for no rows and takes no slot.
    const head = await exportCsv(ana, 'type=enquiry', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');

    const benHeld = [await exportCsv(ben), await exportCsv(ben)];
    expect(benHeld.map((r) => r.status)).toEqual([200, 200]);
    const overall = await exportCsv(cai);
    expect(overall.status).toBe(429);
    expect(((await overall.json()) as { message: string }).message).toMatch(
      /^Only 4 exports can run at once for the whole team, .*Please try again in a few seconds\.$/,
    );

    // A client that goes away frees its slot: Ana may start one again.
    lines.length = 0;
    await anaHeld[0]!.body!.cancel();
    expect(
      lines.map((l) => JSON.parse(l) as { msg: string }).some((l) => l.msg.startsWith('lead export stopped')),
    ).toBe(true);
    const again = await exportCsv(ana);
    expect(again.status).toBe(200);
    // Finished exports free theirs: once every held one is read to the end, Cai gets one and Ana two more.
    const expected = toCsv(await everyEnquiry());
    for (const res of [anaHeld[1]!, again, ...benHeld]) expect(await res.text()).toBe(expected);
    const caiRes = await exportCsv(cai);
    expect(caiRes.status).toBe(200);
    await caiRes.text();
    const anaAgain = [await exportCsv(ana), await exportCsv(ana)];
    expect(anaAgain.map((r) => r.status)).toEqual([200, 200]);
    for (const res of anaAgain) await res.body!.cancel();
  });
});

describe('a client that disconnects mid-export over a real socket', () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Asks for the export, reads the first bytes of the answer, then hangs up without reading the rest. */
  async function startThenLeave(cookie: string) {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const firstBytes = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(String(chunk))));
    socket.write(
      `GET /api/admin/leads/export.csv?type=enquiry&q=long HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`,
    );
    const head = await firstBytes;
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    return head;
  }

  it('stops reading the database, logs it, and gives the slot back', async () => {
    // About 30 MB of CSV: far more than the socket buffers hold, so the export is still running when the client goes.
    const long = 'A long comment about the business, its goals and its history. '.repeat(160);
    await addEnquiries(3000, (i) => `${long}${i}`, 'Long');
    const total = (await everyEnquiry(like(contactInquiries.businessName, '%Long%'))).length;
    const cookie = await staff();
    lines.length = 0;
    for (let i = 0; i < EXPORT_LIMITS.perUser; i++) expect(await startThenLeave(cookie)).toMatch(/^HTTP\/1\.1 200 OK/);

    const deadline = Date.now() + 10_000;
    const stopped = () =>
      lines
        .map((line) => JSON.parse(line) as { msg: string; rows?: number; level: string })
        .filter((entry) => entry.msg === 'lead export stopped: the client went away');
    while (stopped().length < EXPORT_LIMITS.perUser && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped()).toHaveLength(EXPORT_LIMITS.perUser);
    for (const entry of stopped()) {
      expect(entry.level).toBe('info');
      expect(entry.rows).toBeLessThan(total);
    }
    // Both slots are free again: the same person may run as many exports as before.
    const next = [await exportCsv(cookie, 'type=enquiry&q=long'), await exportCsv(cookie, 'type=enquiry&q=long')];
    expect(next.map((r) => r.status)).toEqual([200, 200]);
    for (const res of next) await res.body!.cancel();
    // A hang-up is the client's doing: no error logged.
    expect(lines.some((line) => (JSON.parse(line) as { level: string }).level === 'error')).toBe(false);
  });
});
