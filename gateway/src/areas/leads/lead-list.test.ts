import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, LEAD_TYPES } from '@agency/contracts';
import { contactInquiries, optInLeads, quotes } from '../../platform/db';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { planOf, statementsSent } from '../../../test/statements';
import { SEARCH_COUNT_AHEAD } from './lead-tables';

// The lead inbox's list as the data grows (decision 0067): every page in order, the last one read from the other end,
// searches through the trigram index, and each statement's plan on an index (the costs `bench growth` measures).

let t: Awaited<ReturnType<typeof setupApp>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
const HOUR = 3600_000;
const base = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  t = await setupApp();
  admin = await signedIn(t.app, t.db, 'admin', 'inbox-admin');
  // 45 enquiries; every third shares its hour with the one before, so the order needs its tie-break (id).
  await t.db.insert(contactInquiries).values(
    Array.from({ length: 45 }, (_, i) => ({
      businessName: i === 7 ? 'Raglan 50% Surf "Co"' : `Business ${i}`,
      contactName: i === 12 ? 'Ngāti Whānau' : `Person ${i}`,
      contactEmail: `lead${i}@example.nz`,
      servicesInterested: ['seo'],
      status: i % 2 ? ('contacted' as const) : ('new' as const),
      createdAt: new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * HOUR),
    })),
  );
});
afterAll(() => t.cleanup());

const list = async (query: string) => {
  const res = await admin.b.get(`/api/admin/leads?${query}`);
  expect(res.status, query).toBe(200);
  // What the dashboard's client accepts: an answer it cannot parse is its "Could not load this".
  endpoints.adminLeads.answer.parse(res.json);
  return res.json as { total: number; items: { id: number; businessName: string; createdAt: string }[] };
};
const newestFirst = (rows: { id: number; createdAt: Date }[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);

describe('the All view', () => {
  it('lists an audio sign-up (a kind without a status) beside the others, in an answer the dashboard accepts', async () => {
    await t.db.insert(optInLeads).values({ firstName: 'Rawiri Allview', email: 'rawiri@example.nz', leadMagnet: 'x' });
    const { items } = await list('type=all&q=Allview');
    expect(items).toMatchObject([{ leadType: 'optin', who: 'Rawiri Allview', status: null }]);
  });
});

describe('pages', () => {
  it('every page, the last one included, is its slice of the list newest first; past the end is empty', async () => {
    const all = newestFirst(await t.db.select().from(contactInquiries));
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(`type=enquiry&pageSize=20&page=${page}`));
    expect(pages.map((p) => p.total)).toEqual([45, 45, 45]);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all);
    // Page sizes that put the middle inside a page, and a status's pages.
    for (const size of [7, 15, 44]) {
      const ids = [];
      for (let page = 1; page <= Math.ceil(45 / size); page++)
        ids.push(...(await list(`type=enquiry&pageSize=${size}&page=${page}`)).items.map((i) => i.id));
      expect(ids, `pageSize ${size}`).toEqual(all);
    }
    const fresh = newestFirst(await t.db.select().from(contactInquiries).where(eq(contactInquiries.status, 'new')));
    const statusIds = [];
    for (const page of [1, 2, 3, 4])
      statusIds.push(...(await list(`type=enquiry&status=new&pageSize=7&page=${page}`)).items.map((i) => i.id));
    expect(statusIds).toEqual(fresh);
    expect(await list('type=enquiry&page=4&pageSize=20')).toMatchObject({ total: 45, items: [] });
  });
});

describe('search', () => {
  it('finds any text of any searched column, case-insensitively, with the typed characters taken literally', async () => {
    expect((await list('type=enquiry&q=RAGLAN')).items.map((i) => i.businessName)).toEqual(['Raglan 50% Surf "Co"']);
    expect((await list('type=enquiry&q=50%25')).total).toBe(1); // "50%": the text, not a wildcard
    expect((await list('type=enquiry&q=%22Co%22')).total).toBe(1); // quotes are text, not search syntax
    expect((await list('type=enquiry&q=WHĀNAU')).total).toBe(1); // another column, case folded beyond ASCII
    expect((await list('type=enquiry&q=lead3%40')).total).toBe(1); // part of an e-mail
    expect((await list('type=enquiry&q=ead4')).items.map((i) => i.businessName)).toEqual([
      'Business 44',
      'Business 43',
      'Business 42',
      'Business 41',
      'Business 40',
      'Business 4',
    ]);
    expect((await list('type=enquiry&q=ead4&status=new')).total).toBe(4);
    expect((await list('type=enquiry&q=ead4&pageSize=4&page=2')).items.map((i) => i.businessName)).toEqual([
      'Business 40',
      'Business 4',
    ]);
    expect((await list('type=enquiry&q=s 1')).total).toBe(11); // "Business 1", "Business 10" ... "Business 19"
    expect((await list('type=enquiry&q=zz')).total).toBe(0); // shorter than a trigram: read as before
    expect((await list('type=enquiry&q=41')).total).toBe(1);
  });

  it('folds macrons and other diacritics both ways, for every kind of lead (decision 0099)', async () => {
    await t.db
      .insert(quotes)
      .values({ source: 'custom', businessName: 'Ngāruawāhia Plumbing', contactEmail: 'p@example.nz' });
    await t.db.insert(optInLeads).values({ firstName: 'Hēmi', email: 'hemi@example.nz', leadMagnet: 'audio' });
    expect((await list('type=quote&q=Ngaruawahia')).items.map((i) => i.businessName)).toEqual(['Ngāruawāhia Plumbing']);
    expect((await list('type=quote&q=NGĀRUAWĀHIA plumb')).total).toBe(1);
    expect((await list('type=optin&q=hemi')).total).toBe(1);
    expect((await list('type=enquiry&q=Ngati Wh')).total).toBe(1);
    // Stored without macrons, searched with them.
    expect((await list(`type=enquiry&q=${encodeURIComponent('Rāglan')}`)).items.map((i) => i.businessName)).toEqual([
      'Raglan 50% Surf "Co"',
    ]);
    expect((await list('type=all&q=ruawāhia')).total).toBeGreaterThanOrEqual(1);
  });

  it('follows every write to a searched column, from any code path, for every kind of lead', async () => {
    const [row] = await t.db
      .insert(quotes)
      .values({ source: 'custom', businessName: 'Kawhia Kai', contactEmail: 'kai@example.nz' })
      .returning();
    expect((await list('type=quote&q=kawhia')).total).toBe(1);
    await t.db.update(quotes).set({ businessName: 'Thames Tides' }).where(eq(quotes.id, row!.id));
    expect((await list('type=quote&q=kawhia')).total).toBe(0);
    expect((await list('type=quote&q=tides')).total).toBe(1);
    await t.db.delete(quotes).where(eq(quotes.id, row!.id));
    expect((await list('type=quote&q=tides')).total).toBe(0);
    await t.db.insert(optInLeads).values({ firstName: 'Moana', email: 'moana@example.nz', leadMagnet: 'audio' });
    expect((await list('type=optin&q=moana@')).total).toBe(1);
  });
});

describe('a search with very many matches', () => {
  it(`counts at most ${SEARCH_COUNT_AHEAD} matches past the page, says "or more", and still pages on`, async () => {
    const many = Array.from({ length: SEARCH_COUNT_AHEAD + 150 }, (_, i) => ({
      businessName: `Hamilton Plumbing ${i}`,
      contactName: `Many ${i}`,
      contactEmail: `many${i}@example.nz`,
      servicesInterested: ['seo'],
      status: i % 10 ? ('new' as const) : ('contacted' as const),
      createdAt: new Date(base + (100 + i) * HOUR),
    }));
    for (let i = 0; i < many.length; i += 300) await t.db.insert(contactInquiries).values(many.slice(i, i + 300));
    type Counted = { total: number; totalAtLeast?: boolean; items: { businessName: string }[] };
    const first = (await list('type=enquiry&q=Hamilton&pageSize=20')) as Counted;
    expect(first.totalAtLeast).toBe(true);
    expect(first.total).toBe(SEARCH_COUNT_AHEAD + 1);
    expect(first.items[0]!.businessName).toBe(`Hamilton Plumbing ${many.length - 1}`);
    // With a status, the same (1,035 of them are new): counted only so far.
    const withStatus = (await list('type=enquiry&status=new&q=Hamilton&pageSize=20')) as Counted;
    expect(withStatus.totalAtLeast).toBe(true);
    // Past the first count: the count reaches past the page again, and near the end it is exact.
    const deep = (await list('type=enquiry&q=Hamilton&pageSize=50&page=21')) as Counted;
    expect(deep.items).toHaveLength(50);
    expect(deep.totalAtLeast).toBeUndefined();
    expect(deep.total).toBe(many.length);
    const last = (await list('type=enquiry&q=Hamilton&pageSize=50&page=23')) as Counted;
    expect(last.items.map((i) => i.businessName)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Hamilton Plumbing ${49 - i}`),
    );
    // A search with fewer matches than that counts them all.
    expect(((await list('type=enquiry&q=Plumbing 114')) as Counted).totalAtLeast).toBeUndefined();
    await t.db.delete(contactInquiries).where(like(contactInquiries.businessName, 'Hamilton Plumbing %'));
  });
});

describe('query plans', () => {
  it('reads every list, filter, search and page through an index, never the whole table nor a sort of it', async () => {
    // What the endpoint sends to the database, as it sends it.
    const statements = await statementsSent(t.db.$client, async () => {
      for (const type of LEAD_TYPES) {
        const status = type === 'quote' ? 'accepted' : type === 'optin' ? '' : 'new';
        for (const q of ['', 'business'])
          for (const page of [1, 2, 3]) await list(`type=${type}&status=${status}&q=${q}&page=${page}&pageSize=20`);
      }
    });
    const reads = statements.filter((s) => /(contact_inquiries|quotes|consultation_requests|opt_in_leads)/.test(s.sql));
    expect(reads.length).toBeGreaterThan(20);
    for (const read of reads) {
      const { sql } = read;
      const plan = await planOf(t.db.$client, read);
      expect(plan, sql).not.toMatch(/TEMP B-TREE/);
      // A scan is allowed only through a covering index or the search index; a bare SCAN reads every row.
      expect(plan, sql).not.toMatch(
        /SCAN (contact_inquiries|quotes|consultation_requests|opt_in_leads)(?! USING COVERING INDEX)(?!_search)/,
      );
    }
  });
});
