import { asc, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { CaseStudyInputSchema, ServicePackageInputSchema } from '@agency/contracts';
import type { AuthEnv } from '../auth/session';
import { caseStudies, servicePackages } from '../db';
import { validate } from '../http/validate';
import { idParam, pageParams, requireStaff } from '../portal/access';
import type { ApiDeps } from './deps';

/**
 * Service packages and case studies (spec §3 entities): staff list, create, replace and delete them; the public
 * lists show only active ones. Both are ordered by sortOrder, then id.
 */
export function adminContentApi({ db }: ApiDeps) {
  const packages = { table: servicePackages, label: 'service package' } as const;
  const studies = { table: caseStudies, label: 'case study' } as const;

  return new Hono<AuthEnv>()
    .get('/service-packages', async (c) =>
      c.json({ items: await db.select().from(packages.table).where(eq(packages.table.isActive, true)).orderBy(asc(packages.table.sortOrder), asc(packages.table.id)) }))
    .get('/case-studies', async (c) =>
      c.json({ items: await db.select().from(studies.table).where(eq(studies.table.isActive, true)).orderBy(asc(studies.table.sortOrder), asc(studies.table.id)) }))

    .get('/admin/service-packages', async (c) => {
      requireStaff(c);
      const { page, pageSize, offset } = pageParams(c);
      const t = packages.table;
      const [items, [total]] = await Promise.all([
        db.select().from(t).orderBy(asc(t.sortOrder), asc(t.id)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(t),
      ]);
      return c.json({ items, total: total?.n ?? 0, page, pageSize });
    })
    .post('/admin/service-packages', validate('json', ServicePackageInputSchema), async (c) => {
      requireStaff(c);
      const [row] = await db.insert(packages.table).values(c.req.valid('json')).returning();
      return c.json(row, 201);
    })
    .put('/admin/service-packages/:id', validate('json', ServicePackageInputSchema), async (c) => {
      requireStaff(c);
      const t = packages.table;
      const [row] = await db.update(t).set(c.req.valid('json')).where(eq(t.id, idParam(c.req.param('id')))).returning();
      if (!row) throw new HTTPException(404, { message: `No such ${packages.label}` });
      return c.json(row);
    })
    .delete('/admin/service-packages/:id', async (c) => {
      requireStaff(c);
      const t = packages.table;
      const [gone] = await db.delete(t).where(eq(t.id, idParam(c.req.param('id')))).returning({ id: t.id });
      if (!gone) throw new HTTPException(404, { message: `No such ${packages.label}` });
      return c.json({ message: 'Service package deleted' });
    })

    .get('/admin/case-studies', async (c) => {
      requireStaff(c);
      const { page, pageSize, offset } = pageParams(c);
      const t = studies.table;
      const [items, [total]] = await Promise.all([
        db.select().from(t).orderBy(asc(t.sortOrder), asc(t.id)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(t),
      ]);
      return c.json({ items, total: total?.n ?? 0, page, pageSize });
    })
    .post('/admin/case-studies', validate('json', CaseStudyInputSchema), async (c) => {
      requireStaff(c);
      const [row] = await db.insert(studies.table).values(c.req.valid('json')).returning();
      return c.json(row, 201);
    })
    .put('/admin/case-studies/:id', validate('json', CaseStudyInputSchema), async (c) => {
      requireStaff(c);
      const t = studies.table;
      const [row] = await db.update(t).set(c.req.valid('json')).where(eq(t.id, idParam(c.req.param('id')))).returning();
      if (!row) throw new HTTPException(404, { message: `No such ${studies.label}` });
      return c.json(row);
    })
    .delete('/admin/case-studies/:id', async (c) => {
      requireStaff(c);
      const t = studies.table;
      const [gone] = await db.delete(t).where(eq(t.id, idParam(c.req.param('id')))).returning({ id: t.id });
      if (!gone) throw new HTTPException(404, { message: `No such ${studies.label}` });
      return c.json({ message: 'Case study deleted' });
    });
}
