import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PublicRuntimeConfig } from '@agency/contracts';
import { monthlyReports, reportSends, reportShareLinks, type Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import { portalNotice } from '../../platform/mail/confirmations';
import type { Mailer } from '../../platform/mail/mailer';
import { pdfName, type ReportPdfs } from './report-pdfs';
import { SHARED_REPORT_PATH, tokenHash } from './report-sharing';
import { reportView } from './report-view';

/** How long an e-mailed report's link opens. */
export const EMAILED_LINK_DAYS = 30;
/** Above this a PDF is not attached (mail servers refuse large messages; base64 adds a third): the link only. */
export const ATTACH_MAX_BYTES = 5 * 1024 * 1024;
const DAY_MS = 86_400_000;

export interface ReportMailDeps {
  db: Db;
  mailer: Mailer;
  pdfs: ReportPdfs;
  config: PublicRuntimeConfig;
  logger: Logger;
  /** Tests lower it to see the link-only e-mail. */
  attachMaxBytes?: number;
}

export type SendKind = 'scheduled' | 'now' | 'test';

/**
 * The reports that may be e-mailed to a client: published ones (decision 0094). A draft is between staff; a test to
 * oneself may carry one, to check it before publishing.
 */
export const sendableReport = (...where: Parameters<typeof and>) =>
  and(eq(monthlyReports.status, 'published'), ...where);

const monthName = (reportDate: string) =>
  new Date(`${reportDate.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-NZ', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * E-mails report `reportId` to each of `recipients` through the outbox, each message with its own share link (so the
 * history says who opened it) and the PDF attached when it is small enough. Each recipient's link, message and
 * history row are one batch: stored together or not at all. A scheduled send goes once per recipient: an address that
 * already has one is skipped, and the unique index turns away a second gateway's race. Answers the addresses sent to,
 * or null when there is no such report.
 */
export async function sendReportEmails(
  { db, mailer, pdfs, config, logger, attachMaxBytes = ATTACH_MAX_BYTES }: ReportMailDeps,
  { reportId, recipients, kind, createdBy, now = new Date() }: SendRequest,
): Promise<string[] | null> {
  const view = await reportView(db, config, reportId);
  if (!view) return null;
  let due = [...new Set(recipients)];
  if (kind === 'scheduled') {
    const sent = await db
      .select({ to: reportSends.to })
      .from(reportSends)
      .where(and(eq(reportSends.reportId, reportId), eq(reportSends.kind, 'scheduled')));
    const already = new Set(sent.map((s) => s.to));
    due = due.filter((to) => !already.has(to));
  }
  if (due.length === 0) return [];
  const pdf = await pdfs.pdfOf(view);
  const attached = pdf.length <= attachMaxBytes;
  const attachment = attached
    ? [{ filename: pdfName(view), contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') }]
    : undefined;
  const month = monthName(view.input.report.reportDate);
  const done: string[] = [];
  for (const to of due) {
    const token = randomBytes(32).toString('base64url');
    const hash = tokenHash(token);
    const url = `${config.portalOrigin}${SHARED_REPORT_PATH}/${token}`;
    const message = portalNotice.reportEmail(to, month, url, attached, kind === 'test');
    try {
      const [, queued] = await db.batch([
        db.insert(reportShareLinks).values({
          reportId,
          tokenHash: hash,
          createdBy,
          recipient: to,
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAILED_LINK_DAYS * DAY_MS),
        }),
        mailer.insert([{ ...message, attachments: attachment }]),
        db.insert(reportSends).values({
          reportId,
          to,
          kind,
          queuedAt: now,
          attached,
          // The outbox row just inserted in this batch, and the link by its (unique) hash.
          outboxId: sql`last_insert_rowid()`,
          shareLinkId: sql`(select ${reportShareLinks.id} from ${reportShareLinks} where ${reportShareLinks.tokenHash} = ${hash})`,
        }),
      ]);
      mailer.dispatch(queued);
      done.push(to);
    } catch (error) {
      // Another gateway sent this scheduled one first: nothing of this batch was stored.
      if (kind === 'scheduled' && /UNIQUE/i.test(String(error))) continue;
      throw error;
    }
  }
  logger.info('report e-mailed', { reportId, kind, recipients: done.length, attached });
  return done;
}

interface SendRequest {
  reportId: number;
  recipients: string[];
  kind: SendKind;
  /** The staff member who sent it; null for the schedule. */
  createdBy: number | null;
  now?: Date;
}

/** The report of `clientId` for the month starting `reportDate` that may be e-mailed, if there is one. */
export async function sendableReportOf(db: Db, clientId: number, reportDate: string) {
  const [report] = await db
    .select({ id: monthlyReports.id })
    .from(monthlyReports)
    .where(sendableReport(eq(monthlyReports.clientId, clientId), eq(monthlyReports.reportDate, reportDate)));
  return report ?? null;
}
