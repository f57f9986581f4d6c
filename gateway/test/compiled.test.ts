import { eq } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledInsert, contactInquiries, createGroupCommit, emailOutbox, quotes } from '../src/db';
import { setupApp } from './helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());

const required = { businessName: 'Compiled Ltd', contactName: 'Mere', contactEmail: 'mere@example.nz' };

/** A stored row without what the database assigns (id, timestamps), for comparing two inserts. */
async function storedQuote(id: number) {
  const [row] = await t.db.select().from(quotes).where(eq(quotes.id, id));
  const { id: _id, createdAt, updatedAt, ...rest } = row!;
  expect(createdAt).toBeInstanceOf(Date);
  expect(updatedAt).toBeInstanceOf(Date);
  return rest;
}

describe('compiledInsert', () => {
  const shapes: [string, typeof quotes.$inferInsert][] = [
    [
      'only the required fields: the rest take their column defaults',
      { source: 'website', contactEmail: 'a@example.nz' },
    ],
    [
      'every kind of column: json, real, boolean, enum, nulls',
      {
        source: 'social',
        contactEmail: 'b@example.nz',
        businessName: 'Raglan Surf',
        contactPhone: null,
        services: ['Facebook', 'Instagram'],
        pricingDetails: { total: 1299.5, nested: { gst: true } },
        totalSetupCost: 1299.5,
        pricingAgreed: true,
        status: 'reviewed',
      },
    ],
    [
      'false and zero are values, not absent',
      { source: 'custom', contactEmail: 'c@example.nz', pricingAgreed: false, totalMonthlyCost: 0 },
    ],
  ];

  it.each(shapes)('stores exactly what drizzle stores: %s', async (_name, values) => {
    const commit = createGroupCommit(t.db);
    const insert = compiledInsert(t.db, quotes, { id: quotes.id });
    const [[compiled]] = await commit([insert(values)]);
    const [direct] = await t.db.insert(quotes).values(values).returning({ id: quotes.id });
    expect(await storedQuote(compiled!.id)).toEqual(await storedQuote(direct!.id));
  });

  it('builds the SQL once per set of given fields and only binds values after that', () => {
    const insert = compiledInsert(t.db, contactInquiries, { id: contactInquiries.id });
    const a = insert({ ...required, servicesInterested: ['seo'] });
    const b = insert({ ...required, businessName: 'Other Ltd', servicesInterested: ['website_design'] });
    const c = insert({ ...required, servicesInterested: ['seo'], comments: 'Call after 3' });
    expect(b.sql).toBe(a.sql);
    expect(b.args).toContain('Other Ltd');
    expect(b.args).toContain('["website_design"]');
    expect(c.sql).not.toBe(a.sql);
    expect(c.args).toContain('Call after 3');
    // An undefined field is absent, like drizzle's own insert treats it.
    expect(insert({ ...required, servicesInterested: ['seo'], comments: undefined }).sql).toBe(a.sql);
  });

  it('reads returned columns by position and decodes them, whatever the selection calls them', async () => {
    const commit = createGroupCommit(t.db);
    const insert = compiledInsert(t.db, contactInquiries, {
      leadId: contactInquiries.id,
      services: contactInquiries.servicesInterested,
      received: contactInquiries.createdAt,
    });
    const [[row]] = await commit([insert({ ...required, servicesInterested: ['seo', 'social_media'] })]);
    expect(row).toEqual({ leadId: expect.any(Number), services: ['seo', 'social_media'], received: expect.any(Date) });
    expect(Math.abs(row!.received.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses, when it is set up, a table whose default is computed in JS (it would be frozen)', () => {
    const tokens = sqliteTable('tokens', {
      id: integer('id').primaryKey(),
      value: text('value').$defaultFn(() => crypto.randomUUID()),
    });
    expect(() => compiledInsert(t.db, tokens, { id: tokens.id })).toThrow(/value has a JS default/);
  });
});

describe('mailer.queueAbout', () => {
  it("fills in the record's id at the first placeholder only, and leaves a missing html empty", async () => {
    const commit = createGroupCommit(t.db);
    const insert = compiledInsert(t.db, contactInquiries, { id: contactInquiries.id });
    const [[lead], mail] = await commit([
      insert({ ...required, servicesInterested: ['seo'] }),
      t.mailer.queueAbout(contactInquiries.id, (id) => [
        {
          to: 'a@agency.test',
          subject: `Lead #${id} from \u{E000} Ltd`,
          text: `See lead ${id}.`,
          html: `<p>Lead ${id}</p>`,
        },
        { to: 'b@agency.test', subject: 'No id here', text: 'Plain' },
      ]),
    ]);
    expect(mail.map((m) => m.subject)).toEqual([`Lead #${lead!.id} from \u{E000} Ltd`, 'No id here']);
    const stored = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail[0]!.id));
    expect(stored[0]).toMatchObject({
      to: 'a@agency.test',
      text: `See lead ${lead!.id}.`,
      html: `<p>Lead ${lead!.id}</p>`,
      status: 'pending',
    });
    const [plain] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail[1]!.id));
    expect(plain).toMatchObject({ subject: 'No id here', text: 'Plain', html: null });
  });
});
