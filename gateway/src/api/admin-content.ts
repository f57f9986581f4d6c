import { asc, count, eq } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { CaseStudyInputSchema, PageQuerySchema, ServicePackageInputSchema } from '@agency/contracts';
import type { z } from 'zod';
import type { AuthEnv } from '../auth/session';
import { caseStudies, servicePackages, type Db } from '../db';
import { validate } from '../http/validate';
import { idParam, offsetOf, requireStaff, staffOnly } from '../auth/access';
import type { ApiDeps } from './deps';

type ContentTable = typeof servicePackages | typeof caseStudies;

/**
 * Staff list (paged), create, replace and delete for one content entity, mounted under its admin path.
 * Lists are ordered by sortOrder, then id.
 */
function staffCrud<T extends ContentTable>(db: Db, table: T, schema: z.ZodType<T['$inferInsert']>, noun: string) {
  const byId = (id: string) => eq(table.id, idParam(id));
  const notFound = () => new HTTPException(404, { message: `No such ${noun.toLowerCase()}` });
  return new Hono<AuthEnv>()
    .get('/', staffOnly, validate('query', PageQuerySchema), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .orderBy(asc(table.sortOrder), asc(table.id))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(table),
      ]);
      return c.json({ items, total: total?.n ?? 0, page, pageSize });
    })
    .post('/', staffOnly, validate('json', schema), async (c) => {
      const [row] = await db.insert(table).values(c.req.valid('json')).returning();
      return c.json(row, 201);
    })
    .put('/:id', staffOnly, validate('json', schema), async (c) => {
      // The insert model is the full replacement; TypeScript cannot relate the two mapped types for a generic table.
      const [row] = await db
        .update(table)
        .set(c.req.valid('json') as SQLiteUpdateSetSource<T>)
        .where(byId(c.req.param('id')))
        .returning();
      if (!row) throw notFound();
      return c.json(row);
    })
    .delete('/:id', async (c) => {
      requireStaff(c);
      const [gone] = await db
        .delete(table)
        .where(byId(c.req.param('id')))
        .returning({ id: table.id });
      if (!gone) throw notFound();
      return c.json({ message: `${noun} deleted` });
    });
}

/**
 * Service packages and case studies (spec §3 entities): staff list, create, replace and delete them; the public
 * lists show only active ones. Both are ordered by sortOrder, then id.
 */
export function adminContentApi({ db }: ApiDeps) {
  const activeOf = (table: ContentTable) =>
    db.select().from(table).where(eq(table.isActive, true)).orderBy(asc(table.sortOrder), asc(table.id));
  return new Hono<AuthEnv>()
    .get('/service-packages', async (c) => c.json({ items: await activeOf(servicePackages) }))
    .get('/case-studies', async (c) => c.json({ items: await activeOf(caseStudies) }))
    .route('/admin/service-packages', staffCrud(db, servicePackages, ServicePackageInputSchema, 'Service package'))
    .route('/admin/case-studies', staffCrud(db, caseStudies, CaseStudyInputSchema, 'Case study'));
}
