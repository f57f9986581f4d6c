import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpDue } from '@agency/contracts';
import {
  consultationRequests,
  contactInquiries,
  dataAuditView as dataAudit,
  leadEvents,
  optInLeads,
  quotes,
  retentionHolds,
  users,
  outbox,
} from '../../platform/db';
import { leadReminders } from './follow-up-reminders';
import { retention } from './retention';
import { createWebhook } from '../../platform/webhook/webhook';
import { createLogger } from '../../platform/logger';
import { signedIn } from '../../../test/auth-client';
import { fromPeer, setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await setupApp({ NOTIFY_EMAIL: 'team@agency.test' });
  staff = await signedIn(t.app, t.db, 'admin', 'hinewai');
});
afterAll(() => t.cleanup());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const logger = createLogger('silent');
const job = () => retention(t.db, logger, { files: t.stores.files });

async function enquiry(businessName: string, extra: Partial<typeof contactInquiries.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(contactInquiries)
    .values({
      businessName,
      contactName: 'Tama',
      contactEmail: `${businessName.toLowerCase().replace(/\W/g, '')}@example.nz`,
      ...extra,
    })
    .returning();
  return row!;
}

describe('the follow-up clock through the API', () => {
  it('gives a new enquiry a follow-up time 24 hours on, weekends and holidays not counted, and a status change follows it up once', async () => {
    const res = await t.app.request('/api/contact-inquiry', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        businessName: 'Clock Ltd',
        contactName: 'Rangi',
        contactEmail: 'rangi@example.nz',
        servicesInterested: ['seo'],
      }),
    });
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, id));
    // The one rule (decision 0097): 24 hours with weekends and holidays not counted, at most a long weekend more.
    expect(row!.followUpBy!.toISOString()).toBe(followUpDue(row!.createdAt, t.env.holidays).followUpBy.toISOString());
    const span = row!.followUpBy!.getTime() - row!.createdAt.getTime();
    expect(span).toBeGreaterThan(0);
    expect(span).toBeLessThan(6 * DAY);
    expect(row!.followUpBy!.getTime() - row!.remindAt!.getTime()).toBe(2 * HOUR);

    const changed = await staff.b.patch(`/api/admin/enquiries/${id}`, { status: 'contacted' });
    expect(changed.status).toBe(200);
    const first = changed.json.followedUpAt as number;
    expect(first).toBeTruthy();
    await staff.b.patch(`/api/admin/enquiries/${id}`, { status: 'qualified' });
    const [again] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, id));
    expect(again!.followedUpAt!.getTime()).toBe(new Date(first).getTime());
    const timeline = await staff.b.get(`/api/admin/leads/enquiry/${id}/timeline`);
    expect((timeline.json as unknown as { text: string; userName: string }[]).map((e) => [e.text, e.userName])).toEqual(
      [
        ['Status changed from new to contacted.', 'hinewai'],
        ['Status changed from contacted to qualified.', 'hinewai'],
      ],
    );
  });

  it('a note does not follow a lead up; a logged call does; assignment shows in "my leads"', async () => {
    const lead = await enquiry('Timeline Ltd', { followUpBy: new Date(Date.now() - HOUR) });
    const note = await staff.b.post(`/api/admin/leads/enquiry/${lead.id}/timeline`, {
      kind: 'note',
      text: 'Left a voicemail? No, not yet.',
    });
    expect(note.status).toBe(201);
    const overdue = await staff.b.get('/api/admin/leads?type=enquiry&due=overdue');
    expect((overdue.json.items as { id: number }[]).map((l) => l.id)).toContain(lead.id);
    await staff.b.post(`/api/admin/leads/enquiry/${lead.id}/timeline`, {
      kind: 'call',
      text: 'Called Tama, booked a meeting.',
    });
    const after = await staff.b.get('/api/admin/leads?type=enquiry&due=overdue');
    expect((after.json.items as { id: number }[]).map((l) => l.id)).not.toContain(lead.id);

    const assigned = await staff.b.put(`/api/admin/leads/enquiry/${lead.id}/assignee`, { userId: staff.id });
    expect(assigned.status).toBe(200);
    const mine = await staff.b.get('/api/admin/leads?type=all&mine=1');
    expect(mine.json.items).toEqual([expect.objectContaining({ leadType: 'enquiry', id: lead.id })]);
    const bad = await staff.b.post(`/api/admin/leads/enquiry/${lead.id}/timeline`, { kind: 'note', text: '   ' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Write what happened.');
  });

  it('lists all four kinds in one view and finds a phone number however it is typed', async () => {
    const lead = await enquiry('Phone Ltd', { contactPhone: '+64 21 555 0199' });
    await t.db.insert(optInLeads).values({ firstName: 'Mere', email: 'mere.all@example.nz', leadMagnet: 'real-talk' });
    const all = await staff.b.get('/api/admin/leads?type=all&pageSize=100');
    const kinds = new Set((all.json.items as { leadType: string }[]).map((l) => l.leadType));
    expect(kinds).toEqual(new Set(['enquiry', 'optin']));
    for (const typed of ['021 555 0199', '(021) 5550199', '+64215550199', '555-0199']) {
      const found = await staff.b.get(`/api/admin/leads?type=all&q=${encodeURIComponent(typed)}`);
      expect(
        (found.json.items as { id: number }[]).map((l) => l.id),
        typed,
      ).toEqual([lead.id]);
    }
  });

  it('reports the share followed up in time over 30 and 90 days in the overview and /metrics', async () => {
    await t.db.delete(contactInquiries);
    const now = Date.now();
    const base = { contactName: 'A', contactEmail: 'a@example.nz' };
    await t.db.insert(contactInquiries).values([
      // 10 days ago, followed up in time
      {
        ...base,
        businessName: 'On time',
        createdAt: new Date(now - 10 * DAY),
        followUpBy: new Date(now - 7 * DAY),
        followedUpAt: new Date(now - 8 * DAY),
      },
      // 10 days ago, followed up late
      {
        ...base,
        businessName: 'Late',
        createdAt: new Date(now - 10 * DAY),
        followUpBy: new Date(now - 7 * DAY),
        followedUpAt: new Date(now - 6 * DAY),
      },
      // 60 days ago, never followed up
      { ...base, businessName: 'Missed', createdAt: new Date(now - 60 * DAY), followUpBy: new Date(now - 57 * DAY) },
      // new: not decided yet, does not count
      { ...base, businessName: 'Open', createdAt: new Date(now - HOUR), followUpBy: new Date(now + 2 * HOUR) },
    ]);
    const overview = await staff.b.get('/api/admin/lead-overview');
    expect(overview.json.onTime).toEqual({
      days30: { due: 2, onTime: 1, share: 0.5 },
      days90: { due: 3, onTime: 1, share: 1 / 3 },
    });
    expect(overview.json).toMatchObject({ overdue: 1, dueSoon: 1 });
    const metrics = await (await t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();
    expect(metrics).toMatch(/lead_follow_up_on_time_ratio\{window="30d"\} 0\.5/);
    expect(metrics).toMatch(/lead_follow_up_on_time_ratio\{window="90d"\} 0\.333/);
  });
});

describe('reminders two hours before a lead is due', () => {
  it('e-mails the team and posts a notice once per lead, however many gateways run the round', async () => {
    const lead = await enquiry('Remind Ltd', {
      remindAt: new Date(Date.now() - 60_000),
      followUpBy: new Date(Date.now() + 2 * HOUR),
    });
    // Enabled, but this gateway has no webhook sender: the rows stay as stored.
    const webhook = createWebhook({
      outbox: t.outbox,
      target: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-16-chars' },
    });
    const remind = leadReminders({
      db: t.db,
      mailer: t.mailer,
      webhook,
      logger,
      notifyTo: 'team@agency.test',
      origin: 'https://agency.test',
    });
    const sent = await Promise.all([remind(), remind(), remind()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like ${`%enquiry #${lead.id}`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`https://agency.test/dashboard?lead=enquiry-${lead.id}`);
    const notices = await t.db.select().from(outbox).where(eq(outbox.leadId, lead.id));
    expect(notices.map((n) => n.event)).toEqual(['lead.reminder']);
    await webhook.idle();
  });
});

describe('retention', () => {
  it("erases a two-year-old lead everywhere, keeps a client's and a held one, and runs once across gateways", async () => {
    const old = new Date(Date.now() - 2 * 365 * DAY - 2 * DAY);
    const gone = await enquiry('Gone Ltd', { createdAt: old, contactEmail: 'gone@example.nz' });
    const [goneQuote] = await t.db
      .insert(quotes)
      .values({ source: 'website', contactEmail: 'gone@example.nz', createdAt: old })
      .returning();
    const [goneConsult] = await t.db
      .insert(consultationRequests)
      .values({
        businessName: 'Gone',
        contactName: 'G',
        email: 'gone@example.nz',
        phone: '021',
        currentChallenge: 'x',
        createdAt: old,
      })
      .returning();
    await t.db
      .insert(leadEvents)
      .values({ leadType: 'enquiry', leadId: gone.id, kind: 'note', text: 'about gone', userName: 'x', at: old });
    await t.db.insert(outbox).values({
      channel: 'email',
      to: 'team@agency.test',
      subject: 'New enquiry',
      text: 'gone@example.nz wrote',
      createdAt: old,
    });
    await t.db.insert(outbox).values({
      channel: 'webhook',
      leadType: 'enquiry',
      leadId: gone.id,
      event: 'lead.created',
      body: '{}',
      nextAttemptAt: old,
    });
    const client = await enquiry('Client Ltd', { createdAt: old, contactEmail: 'client@example.nz' });
    await t.db
      .insert(users)
      .values({ username: 'clientco', email: 'client@example.nz', password: 'x', role: 'client' });
    const held = await enquiry('Held Ltd', { createdAt: old, contactEmail: 'held@example.nz' });
    const recent = await enquiry('Recent Ltd', { createdAt: new Date(Date.now() - 700 * DAY) });

    // Staff hold one, and see what the next run erases.
    const hold = await staff.b.put(`/api/admin/leads/enquiry/${held.id}/hold`, { reason: 'Disputed invoice' });
    expect(hold.status).toBe(200);
    const preview = await staff.b.get('/api/admin/retention');
    const due = (preview.json.due as { leadType: string; leadId: number }[]).map((d) => `${d.leadType}:${d.leadId}`);
    expect(due.sort()).toEqual(
      [`consultation:${goneConsult!.id}`, `enquiry:${gone.id}`, `quote:${goneQuote!.id}`].sort(),
    );

    const runs = await Promise.all([job().run(), job().run()]);
    expect(runs.filter((r) => r === null)).toHaveLength(1);
    expect(runs.find((r) => r !== null)).toMatchObject({ leads: 3, clients: 0 });
    // The lease keeps the job off for a day, even on another gateway.
    expect(await job().run(new Date(Date.now() + HOUR))).toBeNull();

    const ids = async (table: typeof contactInquiries) =>
      (await t.db.select({ id: table.id }).from(table)).map((r) => r.id);
    const left = await ids(contactInquiries);
    expect(left).not.toContain(gone.id);
    expect(left).toEqual(expect.arrayContaining([client.id, held.id, recent.id]));
    expect(await t.db.select().from(quotes).where(eq(quotes.id, goneQuote!.id))).toEqual([]);
    expect(await t.db.select().from(consultationRequests).where(eq(consultationRequests.id, goneConsult!.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, gone.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(sql`${outbox.text} like '%gone@example.nz%'`),
    ).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.leadId, gone.id))).toEqual([]);
    const audits = await t.db.select().from(dataAudit);
    expect(audits.map((a) => `${a.actor}:${a.action}:${a.subject}`)).toEqual(
      expect.arrayContaining([`hinewai:hold:enquiry #${held.id}`, `retention job:erase:enquiry #${gone.id}`]),
    );
    // The audit of the erasure holds nothing of the person.
    expect(JSON.stringify(audits)).not.toContain('gone@example.nz');
    expect(JSON.stringify(audits)).not.toContain('Gone Ltd');

    // A day later the held lead is still kept; once the hold is lifted, the next run erases it.
    expect(await t.db.select().from(retentionHolds)).toHaveLength(1);
    await staff.b.del(`/api/admin/leads/enquiry/${held.id}/hold`);
    expect(await job().run(new Date(Date.now() + 25 * HOUR))).toMatchObject({ leads: 1 });
    expect(await ids(contactInquiries)).not.toContain(held.id);
  });
});
