import { eq } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCapture } from '../../areas/leads/capture-lead';
import { compiledInsert, contactInquiries, createGroupCommit, outbox, quotes } from '.';
import { leadNotices } from '../../areas/leads/notices';
import { createWebhook } from '../webhook/webhook';
import type { OutgoingEmail } from '../mail/mailer';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());

/** Notices to a webhook nobody listens on: only the stored rows matter here. */
const notices = () =>
  leadNotices({
    env: t.env,
    db: t.db,
    // Enabled, but this gateway has no webhook sender: the rows stay as stored.
    webhook: createWebhook({
      outbox: t.outbox,
      target: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-16-chars' },
    }),
  });

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
    const { commit } = createGroupCommit(t.db);
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
    const { commit } = createGroupCommit(t.db);
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

describe('captureLead', () => {
  it("stores the lead and its e-mails, written from the lead's returned row, together", async () => {
    const captureLead = leadCapture(createGroupCommit(t.db), t.mailer, notices());
    const insert = compiledInsert(t.db, contactInquiries, { id: contactInquiries.id });
    const leads = await Promise.all(
      ['One Ltd', 'Two Ltd', 'Three Ltd'].map((businessName) =>
        captureLead(
          'enquiry',
          (clock) => insert({ ...required, businessName, servicesInterested: ['seo'], ...clock }),
          ({ id }) => [
            {
              to: 'a@agency.test',
              subject: `Lead #${id}: ${businessName}`,
              text: `See lead ${id}.`,
              html: `<p>${id}</p>`,
            },
            { to: 'b@agency.test', subject: `Copy of ${id}`, text: 'Plain' },
          ],
          businessName,
        ),
      ),
    );
    for (const lead of leads) {
      const [stored] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, lead.id));
      const mail = await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.text, `See lead ${lead.id}.`));
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({
        subject: `Lead #${lead.id}: ${stored!.businessName}`,
        html: `<p>${lead.id}</p>`,
      });
      const [copy] = await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, `Copy of ${lead.id}`));
      expect(copy).toMatchObject({ text: 'Plain', html: null, status: 'pending' });
      // The webhook notice is written in the same transaction, and the follow-up clock with the lead.
      const [notice] = await t.db.select().from(outbox).where(eq(outbox.leadId, lead.id));
      expect(JSON.parse(notice!.body!)).toMatchObject({
        event: 'lead.created',
        lead: { type: 'enquiry', id: lead.id },
      });
      expect(stored!.followUpBy!.getTime()).toBeGreaterThan(stored!.createdAt.getTime());
    }
  });

  it('stores neither the lead nor its e-mails when the e-mails cannot be written, and the others go on', async () => {
    const captureLead = leadCapture(createGroupCommit(t.db), t.mailer, notices());
    const insert = compiledInsert(t.db, contactInquiries, { id: contactInquiries.id });
    const lead = (businessName: string) => insert({ ...required, businessName, servicesInterested: ['seo'] });
    const mail = (subject: string) => [{ to: 'a@agency.test', subject, text: subject }] as const;
    const outcomes = await Promise.allSettled([
      captureLead(
        'enquiry',
        () => lead('Fine Ltd'),
        () => [...mail('fine')] as [OutgoingEmail],
        'Fine Ltd',
      ),
      captureLead(
        'enquiry',
        () => lead('Broken Ltd'),
        () => {
          throw new Error('template failed');
        },
        'Broken Ltd',
      ),
      captureLead(
        'enquiry',
        () => lead('Also Fine Ltd'),
        () => [...mail('also fine')] as [OutgoingEmail],
        'Also Fine Ltd',
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const names = (await t.db.select({ name: contactInquiries.businessName }).from(contactInquiries)).map(
      (r) => r.name,
    );
    expect(names).toContain('Fine Ltd');
    expect(names).toContain('Also Fine Ltd');
    expect(names).not.toContain('Broken Ltd');
  });
});
