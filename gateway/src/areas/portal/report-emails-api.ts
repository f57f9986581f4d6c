import { desc, eq } from 'drizzle-orm';
import { endpoints, type ReportScheduleInput } from '@agency/contracts';
import {
  monthlyReports,
  outbox,
  reportSchedules,
  reportSends,
  reportShareLinks,
  users,
  type Db,
} from '../../platform/db';
import { requireStaffActor } from '../../platform/http/guards/access';
import type { ApiDeps } from '../../platform/http/deps';
import { rateLimit } from '../../platform/http/limit';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { endpointRoutes } from '../../platform/http/routes';
import { sendableReport, sendReportEmails } from './report-emails';
import type { ReportPdfs } from './report-pdfs';
import { readSchedule, recipientsOf } from './report-schedules';

/** A staff member's sends (now, or a test): enough for a morning's work, not a mail cannon. */
const SENDS_PER_STAFF = { max: 20, windowMs: 60 * 60_000 };
/** A client with no schedule yet: off, on the 1st at 9 am, to the client's own address. */
const NO_SCHEDULE: ReportScheduleInput = {
  enabled: false,
  dayOfMonth: 1,
  time: '09:00',
  sendToClient: true,
  extraRecipients: [],
};

const client = async (db: Db, id: number) =>
  (await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, id)))[0];

async function scheduleOf(db: Db, clientId: number) {
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.clientId, clientId));
  return { schedule: (row && readSchedule(row)) ?? NO_SCHEDULE, updatedAt: row?.updatedAt ?? null };
}

/** A client's report schedule, sending a report now or as a test, and its e-mail history (staff only). */
export function reportEmailsApi({ db, env, mailer, logger }: ApiDeps, pdfs: ReportPdfs, limiter: RateLimiter) {
  const mail = { db, mailer, pdfs, config: env.publicConfig, logger };
  const perStaff = rateLimit(
    limiter,
    [[(c) => `report-send:staff:${requireStaffActor(c).id}`, SENDS_PER_STAFF]],
    (wait) => `You have sent many reports in the last hour. Please try again ${wait}.`,
  );
  return endpointRoutes()
    .on(endpoints.reportSchedule, async (c) => {
      const clientId = c.req.valid('param').clientId;
      const who = await client(db, clientId);
      if (!who || who.role !== 'client') return c.json({ message: 'No such client' }, 404);
      const { schedule, updatedAt } = await scheduleOf(db, clientId);
      return c.json({ ...schedule, clientId, clientEmail: who.email, updatedAt });
    })

    .on(endpoints.saveReportSchedule, async (c) => {
      const actor = requireStaffActor(c);
      const clientId = c.req.valid('param').clientId;
      const who = await client(db, clientId);
      if (!who || who.role !== 'client') return c.json({ message: 'No such client' }, 404);
      const input = c.req.valid('json');
      const updatedAt = new Date();
      const values = { ...input, updatedBy: actor.id, updatedAt };
      await db
        .insert(reportSchedules)
        .values({ clientId, ...values })
        .onConflictDoUpdate({ target: reportSchedules.clientId, set: values });
      return c.json({ ...input, clientId, clientEmail: who.email, updatedAt });
    })

    .on(endpoints.sendReport, { afterInput: [perStaff] }, async (c) => {
      const actor = requireStaffActor(c);
      const reportId = c.req.valid('param').id;
      const { to } = c.req.valid('json');
      const [report] = await db
        .select({ id: monthlyReports.id, clientId: monthlyReports.clientId, email: users.email })
        .from(monthlyReports)
        .innerJoin(users, eq(users.id, monthlyReports.clientId))
        .where(to === 'me' ? eq(monthlyReports.id, reportId) : sendableReport(eq(monthlyReports.id, reportId)));
      if (!report) return c.json({ message: 'No such report' }, 404);
      const recipients =
        to === 'me' ? [actor.email] : recipientsOf((await scheduleOf(db, report.clientId)).schedule, report.email);
      if (recipients.length === 0) {
        return c.json({ message: 'The schedule has no recipients', errors: { to: 'No recipients set' } }, 400);
      }
      const sent = await sendReportEmails(mail, {
        reportId,
        recipients,
        kind: to === 'me' ? 'test' : 'now',
        createdBy: actor.id,
      });
      if (!sent) return c.json({ message: 'No such report' }, 404);
      return c.json({
        message: to === 'me' ? `A test is on its way to ${actor.email}` : `Sent to ${sent.join(', ')}`,
        items: await history(db, reportId),
      });
    })

    .on(endpoints.reportSends, async (c) => c.json({ items: await history(db, c.req.valid('param').id) })).app;
}

/** A report's e-mails, newest first: to whom, why, when, delivered or not, and their links' opens. */
async function history(db: Db, reportId: number) {
  const rows = await db
    .select({
      send: reportSends,
      delivery: outbox.status,
      opens: reportShareLinks.opens,
      lastOpenedAt: reportShareLinks.lastOpenedAt,
    })
    .from(reportSends)
    .leftJoin(outbox, eq(outbox.id, reportSends.outboxId))
    .leftJoin(reportShareLinks, eq(reportShareLinks.id, reportSends.shareLinkId))
    .where(eq(reportSends.reportId, reportId))
    .orderBy(desc(reportSends.queuedAt), desc(reportSends.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.send.id,
    to: r.send.to,
    kind: r.send.kind,
    queuedAt: r.send.queuedAt,
    attached: r.send.attached,
    delivery: r.delivery ?? null,
    opens: r.opens ?? 0,
    lastOpenedAt: r.lastOpenedAt ?? null,
  }));
}
