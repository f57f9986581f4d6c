import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, desc, eq, like, type SQL } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS, exportName } from './lead-export';
import { cellText } from '../../platform/http/csv';
import {
  leadChoiceLabel,
  calculateQuote,
  describeSelection,
  formatNzSortable,
  QuoteOptionsSchema,
  SERVICE_CATEGORY_LABELS,
} from '@agency/contracts';
import { contactInquiries, optInLeads, quotes, users } from '../../platform/db';
import { CSV_PAGE_BYTES, FIRST_PAGE_ROWS } from '../../platform/http/csv-stream';
import { parseCsv } from '../../../testing/parse-csv';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { createLogger } from '../../platform/logger';

const lines: string[] = [];
let t: Awaited<ReturnType<typeof setupApp>>;
let n = 0;
const staff = async () => {
  const { b } = await signedIn(t.app, t.db, 'admin', `exporter${++n}`);
  return [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
};
const exportCsv = (cookie: string, query = 'type=enquiry', method = 'GET') =>
  t.app.request(`/api/admin/leads/export.csv?${query}`, { method, headers: { cookie } });

/** An enquiry's columns, in the order and with the labels of the lead screen. */
const ENQUIRY_HEADER = [
  'Lead number',
  'Business',
  'Contact',
  'Email',
  'Phone',
  'Preferred contact',
  'Industry',
  'Services',
  'Comments',
  'Heard about us',
  'Status',
  'Assigned to',
  'Came in',
  'Follow up by',
  'Followed up',
  'Last changed',
];
/** A cell a spreadsheet would run as a formula, neutralised. */
const safe = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? ''));
const enquiryCells = (r: typeof contactInquiries.$inferSelect) => [
  String(r.id),
  safe(r.businessName),
  safe(r.contactName),
  safe(r.contactEmail),
  safe(r.contactPhone),
  leadChoiceLabel(r.preferredContactMethod),
  safe(r.industry),
  r.servicesInterested.map((s) => SERVICE_CATEGORY_LABELS[s as keyof typeof SERVICE_CATEGORY_LABELS] ?? s).join('; '),
  safe(r.comments),
  safe(r.howDidYouHear),
  leadChoiceLabel(r.status),
  '',
  formatNzSortable(r.createdAt),
  formatNzSortable(r.followUpBy),
  formatNzSortable(r.followedUpAt),
  formatNzSortable(r.updatedAt),
];

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
  it('sends every row across page boundaries, in the inbox order, each cell as a person reads it', async () => {
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
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(4 * CSV_PAGE_BYTES);
    // A UTF-8 byte order mark first, so Excel reads the macrons right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(bytes.toString('utf8'));
    expect(header).toEqual(ENQUIRY_HEADER);
    expect(records).toHaveLength(all.length);
    records.forEach((record, i) => expect(record).toEqual(enquiryCells(all[i]!)));

    // The list's filters, across pages too.
    const filtered = await exportCsv(cookie, 'type=enquiry&status=contacted&q=bulk');
    const matching = await everyEnquiry(
      and(eq(contactInquiries.status, 'contacted'), like(contactInquiries.businessName, '%Bulk%')),
    );
    expect(matching.length).toBeGreaterThan(FIRST_PAGE_ROWS);
    const [, ...filteredRecords] = parseCsv(await filtered.text());
    expect(filteredRecords).toEqual(matching.map(enquiryCells));
  });

  it('heads columns with the lead screen labels, NZ times across daylight saving, one column per field', async () => {
    const [row] = await t.db
      .insert(contactInquiries)
      .values({
        businessName: '=HYPERLINK("http://evil.example")',
        contactName: 'Aroha "Ari" Ngata, Jr',
        contactEmail: 'aroha@example.nz',
        contactPhone: '+64 21 555 0100',
        servicesInterested: ['seo', 'social_media', 'something-older'],
        comments: 'First line\nsecond line\rthird, with "quotes"',
        preferredContactMethod: 'phone',
        // 2:30 am NZDT on the morning daylight saving ends (5 April 2026), and the same wall time an hour later in NZST.
        createdAt: new Date('2026-04-04T13:30:00Z'),
        followUpBy: new Date('2026-04-04T14:30:00Z'),
        updatedAt: new Date('2026-09-26T14:05:00Z'),
      })
      .returning();
    const text = await (await exportCsv(await staff(), 'type=enquiry&q=aroha')).text();
    const [header, record, ...rest] = parseCsv(text);
    expect(rest).toEqual([]);
    const cell = Object.fromEntries(header!.map((name, i) => [name, record![i]]));
    expect(cell).toEqual({
      'Lead number': String(row!.id),
      Business: `'=HYPERLINK("http://evil.example")`,
      Contact: 'Aroha "Ari" Ngata, Jr',
      Email: 'aroha@example.nz',
      // A phone number is a text literal spreadsheets show as typed, not a formula and not behind an apostrophe.
      Phone: '="+64 21 555 0100"',
      'Preferred contact': 'Phone',
      Industry: '',
      Services: 'SEO Optimization; Social Media Management; something-older',
      Comments: 'First line\nsecond line\rthird, with "quotes"',
      'Heard about us': '',
      Status: 'New',
      'Assigned to': '',
      'Came in': '2026-04-05 02:30 NZDT',
      'Follow up by': '2026-04-05 02:30 NZST',
      'Followed up': '',
      'Last changed': '2026-09-27 03:05 NZDT',
    });
    // The line breaks, quotes and comma stay inside one quoted cell.
    expect(text).toContain(`,"First line\nsecond line\rthird, with ""quotes""",`);
  });

  it('sends the header alone for no rows, and a small export whole', async () => {
    const cookie = await staff();
    const none = await exportCsv(cookie, 'type=consultation');
    expect(none.status).toBe(200);
    expect(parseCsv(await none.text())).toEqual([
      [
        'Lead number',
        'Business',
        'Contact',
        'Email',
        'Phone',
        'Business type',
        'Service requested',
        'Service',
        'Current challenge',
        'Goals',
        'Timeline',
        'Status',
        'Assigned to',
        'Came in',
        'Follow up by',
        'Followed up',
        'Last changed',
      ],
    ]);
    const few = Array.from({ length: 3 }, (_, i) => ({
      firstName: `Few ${i}`,
      email: `few${i}@example.nz`,
      leadMagnet: 'real-talk',
      createdAt: new Date(BASE - 1000 + i),
    }));
    await t.db.insert(optInLeads).values(few);
    const all = await t.db.select().from(optInLeads).orderBy(desc(optInLeads.createdAt), desc(optInLeads.id));
    const [header, ...records] = parseCsv(await (await exportCsv(cookie, 'type=optin')).text());
    expect(header).toEqual([
      'Lead number',
      'First name',
      'Email',
      'Signed up for',
      'Assigned to',
      'Came in',
      'Follow up by',
      'Followed up',
      'Audio e-mailed',
    ]);
    expect(records.map((r) => r.slice(0, 4))).toEqual(
      all.map((r) => [String(r.id), r.firstName, r.email, r.leadMagnet]),
    );
  });

  it("flattens a quote's price breakdown into NZD columns, its selection into words, and names the assignee", async () => {
    const options = QuoteOptionsSchema.parse({
      websitePackage: 'landingPage',
      chatbotSupport: true,
      seoServices: { authorityBlogsPerMonth: 'none', seoServices: 'none' },
      metaAdsPackage: 'starter',
    });
    const pricing = calculateQuote(options, 10);
    const [owner] = await t.db
      .insert(users)
      .values({ username: 'Hemi', email: 'hemi@example.nz', password: 'x', role: 'admin' })
      .returning();
    const [row] = await t.db
      .insert(quotes)
      .values({
        source: 'custom',
        businessName: 'Kōwhai Cafe',
        contactName: 'Mere',
        contactEmail: 'mere@example.nz',
        services: describeSelection(options),
        pricingDetails: pricing,
        totalSetupCost: pricing.totalOneTime,
        totalMonthlyCost: pricing.totalMonthly,
        discountApplied: 'KIA-ORA (10%)',
        finalSetupCost: pricing.finalTotal,
        finalMonthlyCost: pricing.finalMonthly,
        options,
        pricingAgreed: false,
        assignedTo: owner!.id,
        createdAt: new Date('2026-07-01T00:00:00Z'),
      })
      .returning();
    const text = await (await exportCsv(await staff(), 'type=quote&q=mere')).text();
    const [header, record] = parseCsv(text);
    const cell = Object.fromEntries(header!.map((name, i) => [name, record![i]]));
    expect(cell['Lead number']).toBe(String(row!.id));
    expect(cell.Calculator).toBe('custom');
    expect(cell.Business).toBe('Kōwhai Cafe');
    expect(cell.Selected).toBe(describeSelection(options).join('; '));
    expect(cell['One-time before GST (NZD)']).toBe(pricing.totalOneTime.toFixed(2));
    expect(cell['Monthly before GST (NZD)']).toBe(pricing.totalMonthly.toFixed(2));
    expect(cell['One-time after discount, incl. GST (NZD)']).toBe(pricing.finalTotal.toFixed(2));
    expect(cell['Website package (NZD)']).toBe(pricing.websitePrice.toFixed(2));
    expect(cell['GST on one-time (NZD)']).toBe(pricing.gstOneTime.toFixed(2));
    expect(cell['One-time incl. GST (NZD)']).toBe(pricing.totalWithGst.toFixed(2));
    expect(cell['Discount (%)']).toBe('10');
    expect(cell['Discount on one-time (NZD)']).toBe(pricing.discountAmount.toFixed(2));
    expect(cell['Browser showed the same price']).toBe('No');
    expect(cell['Assigned to']).toBe('Hemi');
    expect(cell['Came in']).toBe('2026-07-01 12:00 NZST');
    // Every label says what it is: no stored field name and no JSON anywhere in the file.
    for (const name of header!) expect(name).not.toMatch(/^[a-z]+[A-Z]\w*$/);
    expect(text).not.toMatch(/[[{]"/);
  });

  it('writes the stored oddities of older rows as empty cells, never as JSON', async () => {
    const money = [0.1 + 0.2, 1234.5, 0, null];
    const rows = Array.from({ length: FIRST_PAGE_ROWS + 23 }, (_, i) => ({
      source: (['website', 'social', 'custom'] as const)[i % 3]!,
      businessName: i % 4 === 0 ? null : `Odd "${i}", Ltd`,
      contactEmail: `odd${i}@example.nz`,
      services: i % 2 ? ['seo', { name: 'ads, "paid"', months: i }] : [],
      pricingDetails: i % 5 === 0 ? null : { totalWithGst: money[i % money.length], note: '-x\ny' },
      totalMonthlyCost: money[i % money.length],
      pricingAgreed: i % 3 === 0 ? null : i % 3 === 1,
      status: 'pending' as const,
      createdAt: new Date(BASE + Math.floor(i / 4)),
    }));
    await t.db.insert(quotes).values(rows);
    const text = await (await exportCsv(await staff(), 'type=quote&q=odd')).text();
    const [header, ...records] = parseCsv(text);
    expect(records).toHaveLength(rows.length);
    const at = (name: string) => header!.indexOf(name);
    const byEmail = new Map(records.map((r) => [r[at('Email')], r]));
    rows.forEach((row, i) => {
      const r = byEmail.get(row.contactEmail)!;
      expect(r[at('Selected')]).toBe(i % 2 ? 'SEO Optimization; ads, "paid"' : '');
      expect(r[at('Monthly before GST (NZD)')]).toBe(
        typeof row.totalMonthlyCost === 'number' ? row.totalMonthlyCost.toFixed(2) : '',
      );
      const withGst = row.pricingDetails?.totalWithGst;
      expect(r[at('One-time incl. GST (NZD)')]).toBe(typeof withGst === 'number' ? withGst.toFixed(2) : '');
      expect(r[at('Browser showed the same price')]).toBe(
        row.pricingAgreed === null ? '' : row.pricingAgreed ? 'Yes' : 'No',
      );
    });
    expect(text).toContain(',0.30,');
    expect(text).not.toContain('{');
  });

  it("exports the All view as a zip of one CSV per kind, each with its own kind's columns only, across page boundaries", async () => {
    const tag = 'Everykind';
    await addEnquiries(150, () => 'An enquiry', tag);
    await t.db.insert(quotes).values(
      Array.from({ length: 130 }, (_, i) => ({
        source: 'website' as const,
        businessName: `${tag} Quote ${i}`,
        contactEmail: `everykind-quote${i}@example.nz`,
        createdAt: new Date(BASE + i),
      })),
    );
    await t.db.insert(optInLeads).values([{ firstName: tag, email: 'everykind@example.nz', leadMagnet: 'real-talk' }]);
    const cookie = await staff();
    const res = await t.app.request(`/api/admin/leads/export.zip?q=${tag}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const day = String(res.headers.get('content-disposition')).match(
      /^attachment; filename="all-leads-search-(\d{4}-\d\d-\d\d)\.zip"$/,
    )?.[1];
    expect(day).toBeDefined();
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      ['enquiry', 'quote', 'consultation', 'optin'].map((type) => `${type}-leads-search-${day}.csv`),
    );
    const csv = (type: string) => parseCsv(strFromU8(files[`${type}-leads-search-${day}.csv`]!));

    // Each file is that kind's own export: the same bytes as its CSV, its columns only.
    const [header, ...records] = csv('enquiry');
    expect(header).toEqual(ENQUIRY_HEADER);
    const enquiries = await everyEnquiry(like(contactInquiries.businessName, `%${tag}%`));
    expect(enquiries.length).toBeGreaterThan(FIRST_PAGE_ROWS);
    records.forEach((record, i) => expect(record).toEqual(enquiryCells(enquiries[i]!)));
    const alone = await exportCsv(cookie, `type=enquiry&q=${tag}`);
    expect(strFromU8(files[`enquiry-leads-search-${day}.csv`]!)).toBe(await alone.text());

    const [quoteHeader, ...quoteRows] = csv('quote');
    expect(quoteHeader!.slice(0, 3)).toEqual(['Lead number', 'Calculator', 'Business']);
    expect(quoteHeader).not.toContain('Services');
    expect(quoteRows).toHaveLength(130);
    expect(quoteRows[0]![quoteHeader!.indexOf('Business')]).toBe(`${tag} Quote 129`);
    // No consultation matches: its file is the header alone.
    const [consultationHeader, ...consultations] = csv('consultation');
    expect(consultationHeader![0]).toBe('Lead number');
    expect(consultations).toEqual([]);
    const [optinHeader, ...optins] = csv('optin');
    expect(optinHeader).not.toContain('Business');
    expect(optins.map((r) => r[optinHeader!.indexOf('First name')])).toEqual([tag]);

    // The CSV of one kind is the only CSV: asking it for all says where the All view's export is, naming the field.
    const all = await exportCsv(cookie, 'type=all');
    expect(all.status).toBe(400);
    expect(await all.text()).toContain('type all is exported as one CSV per kind of lead, in a zip');
  });

  it("the All view's zip honours My leads and the follow-up filter, and counts as one export of its person's two", async () => {
    const tag = 'Zipfilter';
    const { b, id } = await signedIn(t.app, t.db, 'admin', `zipper${++n}`);
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    await t.db.insert(optInLeads).values([
      { firstName: `${tag} mine`, email: 'zip-mine@example.nz', leadMagnet: 'real-talk', assignedTo: id },
      { firstName: `${tag} theirs`, email: 'zip-theirs@example.nz', leadMagnet: 'real-talk' },
    ]);
    const res = await t.app.request(`/api/admin/leads/export.zip?q=${tag}&mine=1`, { headers: { cookie } });
    expect(res.headers.get('content-disposition')).toMatch(/filename="all-leads-my-leads-search-[\d-]+\.zip"/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const optin = Object.entries(files).find(([name]) => name.startsWith('optin-leads-my-leads-search-'))!;
    expect(
      parseCsv(strFromU8(optin[1]))
        .slice(1)
        .map((r) => r[1]),
    ).toEqual([`${tag} mine`]);
    expect((await t.app.request('/api/admin/leads/export.zip?due=later', { headers: { cookie } })).status).toBe(400);

    const zip = () => t.app.request('/api/admin/leads/export.zip', { headers: { cookie } });
    const held = [await zip(), await zip()];
    const third = await zip();
    expect(third.status).toBe(429);
    await Promise.all(held.map((r) => r.body!.cancel()));
    const again = await zip();
    expect(again.status).toBe(200);
    await again.arrayBuffer();
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
    expect(all.length).toBeGreaterThan(10_000);
    const text = await (await exportCsv(await staff(), 'type=optin')).text();
    expect(text.split('\r\n')).toHaveLength(all.length + 2); // header, rows, and the empty piece after the last CRLF
    const [, ...records] = parseCsv(text);
    expect(records.map((r) => r[0])).toEqual(all.map((r) => String(r.id)));
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
    const expected = await anaHeld[1]!.text();
    expect(parseCsv(expected)).toHaveLength((await everyEnquiry()).length + 1);
    for (const res of [again, ...benHeld]) expect(await res.text()).toBe(expected);
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
      `GET /api/admin/leads/export.csv?type=enquiry&q=long HTTP/1.1\r\nHost: portal.localhost\r\nCookie: ${cookie}\r\n\r\n`,
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

describe('what the screen lists, and phone numbers as typed', () => {
  it('exports only the follow-up and "my leads" filters\' leads, named after the filters and the NZ day', async () => {
    const tag = `Screen${Date.now()}`;
    await t.db.insert(contactInquiries).values([
      {
        businessName: `${tag} Overdue`,
        contactName: 'A',
        contactEmail: 'a@example.nz',
        followUpBy: new Date(Date.now() - 3_600_000),
      },
      {
        businessName: `${tag} Later`,
        contactName: 'B',
        contactEmail: 'b@example.nz',
        followUpBy: new Date(Date.now() + 86_400_000),
      },
    ]);
    const res = await exportCsv(await staff(), `type=enquiry&q=${tag}&due=overdue`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiry-leads-overdue-search-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [, ...records] = parseCsv(await res.text());
    expect(records.map((r) => r[1])).toEqual([`${tag} Overdue`]);
    // Nobody's leads are assigned to this person: the file is as empty as the list.
    const mine = await exportCsv(await staff(), `type=enquiry&q=${tag}&mine=1`);
    expect(parseCsv(await mine.text())).toHaveLength(1);
    expect(mine.headers.get('content-disposition')).toContain('enquiry-leads-my-leads-search-');
    expect((await exportCsv(await staff(), 'type=enquiry&due=later')).status).toBe(400);
  });

  it('names the New Zealand day, not the UTC one', () => {
    // 11:30 UTC on 27 November is 00:30 on the 28th in Auckland.
    expect(exportName({ type: 'all', mine: '1' }, new Date('2026-11-27T11:30:00Z'))).toBe(
      'all-leads-my-leads-2026-11-28.csv',
    );
  });

  it.each([
    ['+64 21 555 0100', '="+64 21 555 0100"'],
    ['+64 (7) 838-1234', '="+64 (7) 838-1234"'],
    ['+6421555010', '="+6421555010"'],
    ['+64 21 555 0100+cmd', "'+64 21 555 0100+cmd"],
    ['+1+2', "'+1+2"],
    ['+64 21 "x"', `'+64 21 "x"`],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['=1+1', "'=1+1"],
    ['-2', "'-2"],
    ['021 555 0100', '021 555 0100'],
  ])('writes %s as %s', (typed, cell) => {
    expect(cellText(typed)).toBe(cell);
  });
});
