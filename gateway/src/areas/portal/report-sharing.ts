import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import { monthlyReports, reportShareLinks, users, type Db } from '../../platform/db';
import { isStaff, requireStaffActor } from '../../platform/http/guards/access';
import { requireUser } from '../../platform/http/guards/session';
import { contentDisposition } from '../../platform/http/content-disposition';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';
import { pdfName, type ReportPdfs } from './report-pdfs';
import { reportView } from './report-view';

const DAY_MS = 86_400_000;
/** Where a share link's page lives, on the portal's origin (decision 0113). */
export const SHARED_REPORT_PATH = '/shared/reports';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes a link to `reportId` that opens for `days` days, for `recipient` when it goes out in an e-mail; the token is in
 * the returned address only.
 */
export async function makeShareLink(
  db: Db,
  portalOrigin: string,
  { reportId, days, createdBy, recipient = null, now = new Date() }: ShareLinkRequest,
) {
  const token = randomBytes(32).toString('base64url');
  const [link] = await db
    .insert(reportShareLinks)
    .values({
      reportId,
      tokenHash: tokenHash(token),
      createdBy,
      recipient,
      createdAt: now,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
    })
    .returning();
  return { link: link!, url: `${portalOrigin}${SHARED_REPORT_PATH}/${token}` };
}

interface ShareLinkRequest {
  reportId: number;
  days: number;
  createdBy: number | null;
  recipient?: string | null;
  now?: Date;
}

/**
 * The report a token opens, when its link is live (not revoked, not expired) and the report is still there; its
 * opening counted (once a minute at most, so reloading a page writes nothing more).
 */
export async function openShareLink(db: Db, token: string, now = new Date()) {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [link] = await db
    .select({ id: reportShareLinks.id, reportId: reportShareLinks.reportId })
    .from(reportShareLinks)
    .where(
      and(
        eq(reportShareLinks.tokenHash, tokenHash(token)),
        isNull(reportShareLinks.revokedAt),
        gt(reportShareLinks.expiresAt, now),
      ),
    );
  if (!link) return null;
  await db
    .update(reportShareLinks)
    .set({
      opens: sql`${reportShareLinks.opens} + 1`,
      lastOpenedAt: now,
      firstOpenedAt: sql`coalesce(${reportShareLinks.firstOpenedAt}, ${now.getTime()})`,
    })
    .where(
      and(
        eq(reportShareLinks.id, link.id),
        or(isNull(reportShareLinks.lastOpenedAt), lt(reportShareLinks.lastOpenedAt, new Date(now.getTime() - 60_000))),
      ),
    );
  return link;
}

const listed = (row: typeof reportShareLinks.$inferSelect & { createdByName: string | null }) => ({
  id: row.id,
  createdAt: row.createdAt,
  createdBy: row.createdByName,
  expiresAt: row.expiresAt,
  revokedAt: row.revokedAt,
  recipient: row.recipient,
  opens: row.opens,
  lastOpenedAt: row.lastOpenedAt,
});

/** A report's PDF for who may read it, and staff's share links (decision 0113). */
export function reportSharingApi({ db, env, logger }: ApiDeps, pdfs: ReportPdfs) {
  const portalOrigin = env.publicConfig.portalOrigin;
  return endpointRoutes()
    .on(endpoints.reportPdf, async (c) => {
      const { user } = requireUser(c);
      const view = await reportView(db, env.publicConfig, c.req.valid('param').id, logger);
      // Another client's report answers exactly like a missing one.
      if (!view || (!isStaff(user.role) && (view.clientId !== user.id || !view.published))) {
        return c.json({ message: 'No such report' }, 404);
      }
      const pdf = await pdfs.pdfOf(view);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(pdfName(view)),
        'Cache-Control': 'private, no-store',
      });
    })

    .on(endpoints.reportShareLinks, async (c) => {
      const rows = await db
        .select({ link: reportShareLinks, createdByName: users.username })
        .from(reportShareLinks)
        .leftJoin(users, eq(users.id, reportShareLinks.createdBy))
        .where(eq(reportShareLinks.reportId, c.req.valid('param').id))
        .orderBy(desc(reportShareLinks.createdAt), desc(reportShareLinks.id))
        .limit(200);
      return c.json({ items: rows.map((r) => listed({ ...r.link, createdByName: r.createdByName })) });
    })

    .on(endpoints.createReportShareLink, async (c) => {
      const actor = requireStaffActor(c);
      const reportId = c.req.valid('param').id;
      const [report] = await db
        .select({ id: monthlyReports.id, status: monthlyReports.status })
        .from(monthlyReports)
        .where(eq(monthlyReports.id, reportId));
      if (!report) return c.json({ message: 'No such report' }, 404);
      // A draft is between staff: only what the client can see may be shown to others.
      if (report.status !== 'published') return c.json({ message: 'Publish the report before sharing it.' }, 409);
      const { link, url } = await makeShareLink(db, portalOrigin, {
        reportId,
        days: c.req.valid('json').expiresInDays,
        createdBy: actor.id,
      });
      const [me] = await db.select({ name: users.username }).from(users).where(eq(users.id, actor.id));
      return c.json({ link: listed({ ...link, createdByName: me?.name ?? null }), url }, 201);
    })

    .on(endpoints.revokeReportShareLink, async (c) => {
      const [gone] = await db
        .update(reportShareLinks)
        .set({ revokedAt: new Date() })
        .where(and(eq(reportShareLinks.id, c.req.valid('param').id), isNull(reportShareLinks.revokedAt)))
        .returning({ id: reportShareLinks.id });
      if (!gone) return c.json({ message: 'No such link, or it was already revoked' }, 404);
      return c.json({ message: 'Link revoked: it no longer opens the report' });
    }).app;
}
