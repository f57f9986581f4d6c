import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  ClientPageQuerySchema,
  ClientScopeQuerySchema,
  MetricsInputSchema,
  MonthlyReportInputSchema,
  PageQuerySchema,
} from '@agency/contracts';
import type { AuthEnv } from '../auth/session';
import { metrics, monthlyReports, users } from '../db';
import { validate } from '../http/validate';
import { clientScope, idParam, offsetOf, requireStaff, signedInOnly, staffOnly } from '../auth/access';
import type { ApiDeps } from './deps';

/** Monthly reports and metrics: clients read their own; staff read and write any client's. */
export function portalApi({ db }: ApiDeps) {
  return new Hono<AuthEnv>()
    .get('/reports', signedInOnly, validate('query', ClientPageQuerySchema), async (c) => {
      const { page, pageSize, clientId: requested } = c.req.valid('query');
      const clientId = await clientScope(c, db, requested);
      const where = eq(monthlyReports.clientId, clientId);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(monthlyReports)
          .where(where)
          .orderBy(desc(monthlyReports.reportDate))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(monthlyReports).where(where),
      ]);
      return c.json({ items, total: total?.n ?? 0, page, pageSize });
    })

    .get('/metrics/latest', signedInOnly, validate('query', ClientScopeQuerySchema), async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('query').clientId);
      const [latest] = await db
        .select()
        .from(metrics)
        .where(eq(metrics.userId, clientId))
        .orderBy(desc(metrics.date), desc(metrics.id))
        .limit(1);
      return c.json({ metrics: latest ?? null });
    })

    .get('/admin/clients', staffOnly, validate('query', PageQuerySchema), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const where = eq(users.role, 'client');
      const [items, [total]] = await Promise.all([
        db
          .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
          .from(users)
          .where(where)
          .orderBy(users.username)
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return c.json({ items, total: total?.n ?? 0, page, pageSize });
    })

    .post('/admin/clients/:clientId/reports', staffOnly, validate('json', MonthlyReportInputSchema), async (c) => {
      const clientId = await clientScope(c, db, idParam(c.req.param('clientId'), 'clientId'));
      const input = c.req.valid('json');
      // One report per client and month: saving a month again updates it.
      const [existing] = await db
        .select({ id: monthlyReports.id })
        .from(monthlyReports)
        .where(and(eq(monthlyReports.clientId, clientId), eq(monthlyReports.reportDate, input.reportDate)));
      const [saved] = existing
        ? await db.update(monthlyReports).set(input).where(eq(monthlyReports.id, existing.id)).returning()
        : await db
            .insert(monthlyReports)
            .values({ ...input, clientId })
            .returning();
      return c.json(saved, existing ? 200 : 201);
    })

    .post('/admin/clients/:clientId/metrics', staffOnly, validate('json', MetricsInputSchema), async (c) => {
      const clientId = await clientScope(c, db, idParam(c.req.param('clientId'), 'clientId'));
      const [saved] = await db
        .insert(metrics)
        .values({ ...c.req.valid('json'), userId: clientId })
        .returning();
      return c.json(saved, 201);
    })

    .delete('/admin/reports/:id', async (c) => {
      requireStaff(c);
      const [gone] = await db
        .delete(monthlyReports)
        .where(eq(monthlyReports.id, idParam(c.req.param('id'))))
        .returning({ id: monthlyReports.id });
      if (!gone) throw new HTTPException(404, { message: 'No such report' });
      return c.json({ message: 'Report deleted' });
    });
}
