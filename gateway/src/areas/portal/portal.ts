import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { endpoints, MetricsSchema, reportMonth, type Metrics } from '@agency/contracts';
import { metrics, monthlyReports, paged, users } from '../../platform/db';
import { clientScope } from '../../platform/http/guards/access';
import { portalNotice } from '../../platform/mail/confirmations';
import { asPublished } from './report-review';
import { writeAndTellClient } from './tell-client';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';
import type { Logger } from '../../platform/logger';

/** "2026-10-01" -> "2026-09", the month a report's figures are compared with. */
function monthBefore(reportDate: string): string {
  const [year, month] = reportDate.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const CHANNELS = ['seo', 'smm', 'sem'] as const;

/**
 * A metrics row's figures by their schema (MetricsSchema): a channel whose stored figures do not parse is logged and
 * shown as missing, and the row's other channels are shown as they are.
 */
function readableMetrics(row: typeof metrics.$inferSelect, logger: Logger): Metrics {
  const readable: Metrics = { ...row, seo: null, smm: null, sem: null };
  for (const channel of CHANNELS) {
    const parsed = MetricsSchema.shape[channel].safeParse(row[channel] ?? null);
    if (parsed.success) readable[channel] = parsed.data;
    else logger.warn('stored metrics unreadable: the channel is shown as missing', { metricsId: row.id, channel });
  }
  return readable;
}

/** Monthly reports and metrics: clients read their own; staff read and write any client's. */
export function portalApi({ db, env, mailer, logger }: ApiDeps) {
  return endpointRoutes()
    .on(endpoints.reports, async (c) => {
      const query = c.req.valid('query');
      // What the client sees, staff too: published reports only; staff review drafts at clientReports (decision 0094).
      const where = and(
        eq(monthlyReports.clientId, await clientScope(c, db, query.clientId)),
        eq(monthlyReports.status, 'published'),
      );
      const rows = db.select().from(monthlyReports).where(where).orderBy(desc(monthlyReports.reportDate));
      const page = await paged(db, query, rows, monthlyReports, where);
      // Each report's previous calendar month, read in one query (it may be on the next page, or missing).
      const months = [...new Set(page.items.map((r) => monthBefore(r.reportDate)))];
      const month = sql<string>`substr(${monthlyReports.reportDate}, 1, 7)`;
      const before = months.length
        ? await db
            .select()
            .from(monthlyReports)
            .where(and(where, inArray(month, months)))
        : [];
      const byMonth = new Map(
        before.map(({ notes: _notes, nextSteps: _next, ...r }) => [r.reportDate.slice(0, 7), asPublished(r)]),
      );
      return c.json({
        ...page,
        items: page.items.map((r) => ({ ...asPublished(r), previous: byMonth.get(monthBefore(r.reportDate)) ?? null })),
      });
    })

    .on(endpoints.latestMetrics, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('query').clientId);
      const [latest] = await db
        .select()
        .from(metrics)
        .where(eq(metrics.userId, clientId))
        .orderBy(desc(metrics.date), desc(metrics.id))
        .limit(1);
      return c.json({ metrics: latest ? readableMetrics(latest, logger) : null });
    })

    .on(endpoints.adminClients, async (c) => {
      const where = eq(users.role, 'client');
      const rows = db
        .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(where)
        .orderBy(users.username);
      return c.json(await paged(db, c.req.valid('query'), rows, users, where));
    })

    .on(endpoints.saveReport, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const input = c.req.valid('json');
      // One report per client and month: saving a month again updates it.
      const [existing] = await db
        .select({ id: monthlyReports.id, status: monthlyReports.status })
        .from(monthlyReports)
        .where(and(eq(monthlyReports.clientId, clientId), eq(monthlyReports.reportDate, input.reportDate)));
      // The form publishes what staff type (decision 0094): a correction to a published month is saved quietly; a
      // new month, or a draft the form completes, is news for the client, told in the same transaction.
      if (existing?.status === 'published') {
        const [saved] = await db
          .update(monthlyReports)
          .set(input)
          .where(eq(monthlyReports.id, existing.id))
          .returning();
        return c.json(asPublished(saved!), 200);
      }
      const published = { ...input, status: 'published' as const, publishedAt: new Date() };
      const [saved] = await writeAndTellClient(
        db,
        mailer,
        clientId,
        existing
          ? db.update(monthlyReports).set(published).where(eq(monthlyReports.id, existing.id)).returning()
          : db
              .insert(monthlyReports)
              .values({ ...published, clientId })
              .returning(),
        (to) => portalNotice.report(to, reportMonth(input.reportDate), `${env.publicConfig.portalOrigin}/dashboard`),
      );
      return c.json(asPublished(saved!), existing ? 200 : 201);
    })

    .on(endpoints.saveMetrics, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const [saved] = await db
        .insert(metrics)
        .values({ ...c.req.valid('json'), userId: clientId })
        .returning();
      return c.json(saved!, 201);
    })

    .on(endpoints.deleteReport, async (c) => {
      const [gone] = await db
        .delete(monthlyReports)
        .where(eq(monthlyReports.id, c.req.valid('param').id))
        .returning({ id: monthlyReports.id });
      if (!gone) return c.json({ message: 'No such report' }, 404);
      return c.json({ message: 'Report deleted' });
    }).app;
}
