import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactInquiries, dataAuditView as dataAudit, outbox, users, auditEvents } from '../../platform/db';
import { backfillFollowUp } from './follow-up-backfill';
import { leadReminders } from './follow-up-reminders';
import { retention } from './retention';
import { createWebhook } from '../../platform/webhook/webhook';
import { createLogger } from '../../platform/logger';
import { HoldMeter } from '../../platform/db/batches';
import { setupApp } from '../../../test/helpers';
import { planOf, statementsSent } from '../../../test/statements';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({ LOG_LEVEL: 'error' });
});
afterAll(() => t.cleanup());

const yearsAgo = (years: number) => {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at;
};

// Tables that grow with the years (decision 0071): a statement of the retention run may not read one whole.
const GROWING =
  /SCAN (outbox|audit_events|contact_inquiries|quotes|consultation_requests|opt_in_leads|lead_events|rate_limits)(?! USING COVERING INDEX)(?!_)/;

it('erases messages past two years in batches and a closed client by address in any case, through indexes only', async () => {
  const old = yearsAgo(3);
  const recent = new Date();
  const [mere] = await t.db
    .insert(users)
    .values({
      username: 'mere',
      email: 'Mere.Tane@Example.NZ',
      password: 'x',
      role: 'client',
      disabledAt: yearsAgo(8),
    })
    .returning();
  // The same address as the mailer, a lead form and the audit happened to write it.
  await t.db
    .insert(outbox)
    .values({ channel: 'email', to: 'mere.tane@example.nz', subject: 'Your report', text: 'Ready.' });
  const [lead] = await t.db
    .insert(contactInquiries)
    .values({ businessName: 'Tane Ltd', contactName: 'Mere', contactEmail: 'mere.tane@example.nz', createdAt: old })
    .returning();
  await t.db.insert(auditEvents).values({
    area: 'content',
    actor: 'MERE.TANE@example.nz',
    subjectType: 'blog_post',
    subjectId: 1,
    action: 'update',
  });
  const message = (at: Date, i: number) => ({
    channel: 'email' as const,
    to: 'team@agency.test',
    subject: `New enquiry ${i}`,
    text: 'x',
    createdAt: at,
  });
  for (let i = 0; i < 3_000; i += 500)
    await t.db.insert(outbox).values(Array.from({ length: 500 }, (_, k) => message(i < 2_500 ? old : recent, i + k)));
  await t.db.insert(outbox).values(
    Array.from({ length: 310 }, (_, i) => ({
      channel: 'webhook' as const,
      leadType: 'enquiry' as const,
      leadId: 900_000 + i,
      event: 'lead.created' as const,
      body: '{}',
      nextAttemptAt: old,
      createdAt: i < 300 ? old : recent,
    })),
  );

  const meter = new HoldMeter();
  let run: Awaited<ReturnType<ReturnType<typeof retention>['run']>> = null;
  const sent = await statementsSent(t.db.$client, async () => {
    run = await retention(t.db, createLogger('silent'), { files: t.stores.files }).run(new Date(), meter);
  });
  expect(run).toEqual({ clients: 1, leads: 0, messages: 2_500 + 300 });

  // Everything of the client went with the account, whatever the case of the address where it was written.
  expect(await t.db.select().from(users).where(eq(users.id, mere!.id))).toEqual([]);
  expect(await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, lead!.id))).toEqual([]);
  expect(await t.db.$count(outbox, sql`lower(${outbox.to}) = 'mere.tane@example.nz'`)).toBe(0);
  expect(await t.db.$count(auditEvents, sql`lower(${auditEvents.actor}) = 'mere.tane@example.nz'`)).toBe(0);
  const [audit] = await t.db
    .select()
    .from(dataAudit)
    .where(eq(dataAudit.subject, `client account #${mere!.id}`));
  expect(audit?.detail).toBe(
    'Closed more than seven years ago, not held: the account, 0 report(s), 0 file(s) and 1 lead(s).',
  );
  // What is younger than two years stays.
  expect(await t.db.$count(outbox, eq(outbox.channel, 'email'))).toBe(500);
  expect(await t.db.$count(outbox, eq(outbox.channel, 'webhook'))).toBe(10);

  // Each batch was timed: the client's transaction and the message batches (over 2,800 rows, from 200 a batch).
  expect(meter.batches).toBeGreaterThanOrEqual(1 + 3 + 1);
  expect(meter.longestMs).toBeGreaterThan(0);
  expect(meter.longestIn).toMatch(/^retention: /);

  // And no statement of the run read a growing table whole.
  const growing = sent.filter((s) =>
    /outbox|audit_events|contact_inquiries|quotes|consultation_requests|opt_in_leads|lead_events|rate_limits/.test(
      s.sql,
    ),
  );
  expect(growing.length).toBeGreaterThan(10);
  for (const { sql: text, args } of growing) {
    if (/^\s*insert/i.test(text)) continue;
    expect(await planOf(t.db.$client, { sql: text, args }), text).not.toMatch(GROWING);
  }
});

it('reads the reminders due each minute and the leads without a clock each sweep through partial indexes', async () => {
  const logger = createLogger('silent');
  const remind = leadReminders({
    db: t.db,
    mailer: t.mailer,
    webhook: createWebhook({ outbox: t.outbox, target: undefined }),
    logger,
    notifyTo: 'team@agency.test',
    origin: 'https://agency.test',
  });
  const sent = await statementsSent(t.db.$client, async () => {
    await remind();
    await backfillFollowUp(t.db, t.env.holidays);
  });
  const plans = new Map<string, string>();
  for (const { sql: text, args } of sent.filter((s) => /"(remindAt|followUpBy)"/.test(s.sql)))
    plans.set(text, await planOf(t.db.$client, { sql: text, args }));
  // Four kinds of lead, each read once by each job.
  expect([...plans.values()].filter((p) => /_remind_idx/.test(p))).toHaveLength(4);
  expect([...plans.values()].filter((p) => /_no_clock_idx/.test(p))).toHaveLength(4);
  for (const [text, plan] of plans) expect(plan, text).not.toMatch(GROWING);
  // The indexes hold only what the jobs look for: a reminded or followed-up lead, or one with its clock, is not in
  // them, so five years of leads cost these reads nothing.
  const partial = (
    await t.db.$client.execute(
      "select name, sql from sqlite_master where type = 'index' and name like '%\\_remind\\_idx' escape '\\' or name like '%\\_no\\_clock\\_idx' escape '\\'",
    )
  ).rows.map((r) => `${String(r.name)}: ${String(r.sql).replace(/^.* WHERE /, '')}`);
  expect(partial.sort()).toEqual(
    ['consultation_requests', 'contact_inquiries', 'opt_in_leads', 'quotes'].flatMap((table) => [
      `${table}_no_clock_idx: "followUpBy" is null`,
      `${table}_remind_idx: "remindedAt" is null and "followedUpAt" is null`,
    ]),
  );
});
