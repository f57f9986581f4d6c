import { and, desc, eq, sql } from 'drizzle-orm';
import { endpoints, reportMonth } from '@agency/contracts';
import { draftMonth } from '../google';
import { monthlyReports, paged } from '../../platform/db';
import { clientScope } from '../../platform/http/guards/access';
import { portalNotice } from '../../platform/mail/confirmations';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';
import { reviewOf } from './report-review';
import { writeAndTellClient } from './tell-client';

/** Staff review, edit and publish the month's report drafts built from a client's Google figures (decision 0094). */
export function reportDraftsApi({ db, env, mailer, logger }: ApiDeps) {
  const byId = async (id: number) => (await db.select().from(monthlyReports).where(eq(monthlyReports.id, id)))[0];

  return endpointRoutes()
    .on(endpoints.clientReports, async (c) => {
      const where = eq(monthlyReports.clientId, await clientScope(c, db, c.req.valid('param').clientId));
      // Drafts first, whatever their month: what staff have to review is on the first page.
      const rows = db
        .select()
        .from(monthlyReports)
        .where(where)
        .orderBy(desc(sql`${monthlyReports.status} = 'draft'`), desc(monthlyReports.reportDate));
      const page = await paged(db, c.req.valid('query'), rows, monthlyReports, where);
      return c.json({ ...page, items: page.items.map((r) => reviewOf(r, logger)) });
    })

    .on(endpoints.buildDraft, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const { month } = c.req.valid('json');
      const result = await draftMonth(db, clientId, month, new Date());
      if (result.outcome === 'not-connected')
        return c.json({ message: "The client's Google Analytics and Search Console are not connected" }, 409);
      if (result.outcome === 'no-figures')
        return c.json({ message: `No figures from Google are stored for ${reportMonth(`${month}-01`)}` }, 409);
      if (result.outcome === 'published')
        return c.json({ message: `The ${reportMonth(`${month}-01`)} report is already published` }, 409);
      const row = await byId(result.id);
      if (!row) return c.json({ message: 'No such report' }, 404);
      return c.json(reviewOf(row, logger), result.outcome === 'created' ? 201 : 200);
    })

    .on(endpoints.saveDraft, async (c) => {
      const [saved] = await db
        .update(monthlyReports)
        .set(c.req.valid('json'))
        .where(and(eq(monthlyReports.id, c.req.valid('param').id), eq(monthlyReports.status, 'draft')))
        .returning();
      if (saved) return c.json(reviewOf(saved, logger));
      return (await byId(c.req.valid('param').id))
        ? c.json({ message: 'The report is published: correct it with the monthly report form' }, 409)
        : c.json({ message: 'No such report' }, 404);
    })

    .on(endpoints.publishReport, async (c) => {
      const report = await byId(c.req.valid('param').id);
      if (!report) return c.json({ message: 'No such report' }, 404);
      // Published already: the client was told then.
      if (report.status === 'published') return c.json(reviewOf(report, logger));
      const [published] = await writeAndTellClient(
        db,
        mailer,
        report.clientId,
        db
          .update(monthlyReports)
          .set({ status: 'published', publishedAt: new Date() })
          .where(and(eq(monthlyReports.id, report.id), eq(monthlyReports.status, 'draft')))
          .returning(),
        (to) => portalNotice.report(to, reportMonth(report.reportDate), `${env.publicConfig.portalOrigin}/dashboard`),
      );
      return c.json(reviewOf(published ?? report, logger));
    }).app;
}
