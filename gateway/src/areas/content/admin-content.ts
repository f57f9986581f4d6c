import { asc, eq } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { endpoints, slugify, STAFF_CONTENT, type CaseStudyInputSchema } from '@agency/contracts';
import type { z } from 'zod';
import { caseStudies, paged, servicePackages, type Db } from '../../platform/db';
import { schemaBody } from '../../platform/http/json-only';
import { requireStaffActor } from '../../platform/http/guards/access';
import { savingSlug } from '../../platform/http/slug-taken';
import { publicCaseStudies } from './case-studies';
import { writeContent } from './write';
import type { PublicRows } from './public-rows';
import { publicServicePackages } from './public-reads';
import { staffRows, type StaffRows, type StaffTable } from './staff-rows';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

type ContentTable = typeof servicePackages | typeof caseStudies;
/** A stored row of either table, as staff read and write it. */
type ContentRow = ContentTable['$inferSelect'];

const SLUG_TAKEN = 'Another case study already has this slug; choose another';

/** A case study's slug: the one given, else one made from its title (numbered when another study has it). */
async function withSlug(db: Db, input: z.infer<typeof CaseStudyInputSchema>, id?: number) {
  if (input.slug) return input;
  const base = slugify(input.title) || 'case-study';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [other] = await db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, slug));
    if (!other || other.id === id) return { ...input, slug };
  }
}

/** The four endpoints of one kind of staff content, whose body is the table's full row to insert. */
type CrudEndpoints<T extends ContentTable> = (typeof STAFF_CONTENT)[keyof typeof STAFF_CONTENT] & {
  create: { body: z.ZodType<T['$inferInsert']> };
  replace: { body: z.ZodType<T['$inferInsert']> };
};

/**
 * Staff list (paged), create, replace and delete for one content entity, from its endpoints (STAFF_CONTENT). Lists
 * are ordered by sortOrder, then id. Every write is recorded with its author and raises the content version
 * (areas/content/write.ts), so the pages that show it change on their next request.
 */
function staffCrud<T extends ContentTable, E extends CrudEndpoints<T>>(
  { db, mend }: { db: Db; mend: StaffRows },
  [name, table]: [StaffTable, T],
  api: E,
  noun: string,
  prepare: (input: T['$inferInsert'], id?: number) => Promise<T['$inferInsert']> = async (input) => input,
) {
  const byId = (id: number) => eq(table.id, id);
  const notFound = () => new HTTPException(404, { message: `No such ${noun.toLowerCase()}` });
  // Only case studies have a slug; a package never hits this index.
  const saving = <R>(c: Context, write: () => Promise<R>) => savingSlug(c, 'case_studies.slug', SLUG_TAKEN, write);
  // Long texts in several fields can outgrow the API's 64 KiB: the limit follows the fields' (decision 0050).
  const body = {
    beforeInput: [
      schemaBody(
        api.create.body,
        (size) => `A ${noun.toLowerCase()} can be at most ${size} as sent: shorten its longest texts.`,
      ),
    ],
  };
  return endpointRoutes()
    .on(api.list, async (c) => {
      const rows = db.select().from(table).orderBy(asc(table.sortOrder), asc(table.id));
      const page = await paged(db, c.req.valid('query'), rows, table);
      // Rows of `table`, one of the two: TypeScript does not resolve a generic table's row type. A JSON column that
      // does not parse is shown empty, with a warning, never a failed list (staff-rows.ts).
      return c.json({ ...page, items: mend(name, page.items as ContentRow[]) });
    })
    .on(api.create, body, async (c) => {
      const actor = requireStaffActor(c);
      const values = await prepare(c.req.valid('json'));
      return saving(c, async () => {
        const [row] = await writeContent(db, actor, db.insert(table).values(values).returning());
        return c.json(row as ContentRow, 201);
      });
    })
    .on(api.replace, body, async (c) => {
      const actor = requireStaffActor(c);
      const { id } = c.req.valid('param');
      const values = await prepare(c.req.valid('json'), id);
      return saving(c, async () => {
        // The insert model is the full replacement; TypeScript cannot relate the two mapped types for a generic table.
        const [row] = await writeContent(
          db,
          actor,
          db
            .update(table)
            .set(values as SQLiteUpdateSetSource<T>)
            .where(byId(id))
            .returning(),
        );
        if (!row) throw notFound();
        return c.json(row as ContentRow);
      });
    })
    .on(api.remove, async (c) => {
      const actor = requireStaffActor(c);
      const [gone] = await writeContent(
        db,
        actor,
        db
          .delete(table)
          .where(byId(c.req.valid('param').id))
          .returning({ id: table.id }),
      );
      if (!gone) throw notFound();
      return c.json({ message: `${noun} deleted` });
    }).app;
}

/**
 * Service packages and case studies (decision 0033): staff list, create, replace and delete them; the public
 * lists and a case study's own page show only active ones whose stored row matches its schema. Both are ordered
 * by sortOrder, then id.
 */
export function adminContentApi({ db, logger }: ApiDeps, rows: PublicRows) {
  const staff = { db, mend: staffRows(logger) };
  const routes = endpointRoutes()
    .on(endpoints.servicePackages, async (c) => c.json({ items: await publicServicePackages(db, rows) }))
    .on(endpoints.caseStudies, async (c) => c.json({ items: await publicCaseStudies(db, rows) }))
    .on(endpoints.caseStudy, async (c) => {
      // Null for text no slug could be (the entry's schema): the same 404 as an unknown slug.
      const { slug } = c.req.valid('param');
      const [study] = slug === null ? [] : await publicCaseStudies(db, rows, eq(caseStudies.slug, slug));
      if (!study) return c.json({ message: 'No such case study' }, 404);
      return c.json(study);
    });
  return routes.app
    .route(
      '/',
      staffCrud(staff, ['service_packages', servicePackages], STAFF_CONTENT['service-packages'], 'Service package'),
    )
    .route(
      '/',
      staffCrud(staff, ['case_studies', caseStudies], STAFF_CONTENT['case-studies'], 'Case study', (input, id) =>
        withSlug(db, input as z.infer<typeof CaseStudyInputSchema>, id),
      ),
    );
}
