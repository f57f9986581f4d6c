import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  CaseStudyInputSchema,
  PageQuerySchema,
  ServicePackageInputSchema,
  slugField,
  slugify,
} from '@agency/contracts';
import type { z } from 'zod';
import type { AuthEnv } from '../auth/session';
import { caseStudies, servicePackages, type Db } from '../db';
import { schemaBody } from '../http/json-only';
import { validate } from '../http/validate';
import { idParam, offsetOf, requireStaffActor, staffOnly } from '../auth/access';
import { savingSlug } from '../http/slug-taken';
import { publicCaseStudies } from '../content/case-studies';
import { writeContent } from '../content/write';
import { PublicServicePackageRowSchema, type PublicRows } from '../content/public-rows';
import type { ApiDeps } from './deps';

type ContentTable = typeof servicePackages | typeof caseStudies;

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

/**
 * Staff list (paged), create, replace and delete for one content entity, mounted under its admin path. Lists are
 * ordered by sortOrder, then id. Every write is recorded with its author and raises the content version
 * (content/write.ts), so the pages that show it change on their next request.
 */
function staffCrud<T extends ContentTable>(
  db: Db,
  table: T,
  schema: z.ZodType<T['$inferInsert']>,
  noun: string,
  prepare: (input: T['$inferInsert'], id?: number) => Promise<T['$inferInsert']> = async (input) => input,
) {
  const byId = (id: number) => eq(table.id, id);
  const notFound = () => new HTTPException(404, { message: `No such ${noun.toLowerCase()}` });
  // Only case studies have a slug; a package never hits this index.
  const saving = (c: Context, write: () => Promise<Response>) => savingSlug(c, 'case_studies.slug', SLUG_TAKEN, write);
  // Long texts in several fields can outgrow the API's 64 KiB: the limit follows the fields' (decision 0050).
  const body = schemaBody(
    schema,
    (size) => `A ${noun.toLowerCase()} can be at most ${size} as sent: shorten its longest texts.`,
  );
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
    .post('/', staffOnly, body, validate('json', schema), async (c) => {
      const actor = requireStaffActor(c);
      const values = await prepare(c.req.valid('json'));
      return saving(c, async () => {
        const [row] = await writeContent(db, actor, db.insert(table).values(values).returning());
        return c.json(row, 201);
      });
    })
    .put('/:id', staffOnly, body, validate('json', schema), async (c) => {
      const actor = requireStaffActor(c);
      const id = idParam(c.req.param('id'));
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
        return c.json(row);
      });
    })
    .delete('/:id', async (c) => {
      const actor = requireStaffActor(c);
      const [gone] = await writeContent(
        db,
        actor,
        db
          .delete(table)
          .where(byId(idParam(c.req.param('id'))))
          .returning({ id: table.id }),
      );
      if (!gone) throw notFound();
      return c.json({ message: `${noun} deleted` });
    });
}

/** JSON columns as stored text: a public read parses and checks them row by row (content/public-rows.ts). */
const rawPackage = { ...getTableColumns(servicePackages), features: sql<unknown>`${servicePackages.features}` };

/**
 * Service packages and case studies (spec §3 entities): staff list, create, replace and delete them; the public
 * lists and a case study's own page show only active ones whose stored row matches its schema. Both are ordered
 * by sortOrder, then id.
 */
export function adminContentApi({ db }: ApiDeps, rows: PublicRows) {
  return new Hono<AuthEnv>()
    .get('/service-packages', async (c) => {
      const found = await db
        .select(rawPackage)
        .from(servicePackages)
        .where(eq(servicePackages.isActive, true))
        .orderBy(asc(servicePackages.sortOrder), asc(servicePackages.id));
      return c.json({ items: rows('service_packages', PublicServicePackageRowSchema, found) });
    })
    .get('/case-studies', async (c) => c.json({ items: await publicCaseStudies(db, rows) }))
    .get('/case-studies/:slug', async (c) => {
      const slug = slugField.safeParse(c.req.param('slug'));
      const [study] = slug.success ? await publicCaseStudies(db, rows, eq(caseStudies.slug, slug.data)) : [];
      if (!study) return c.json({ message: 'No such case study' }, 404);
      return c.json(study);
    })
    .route('/admin/service-packages', staffCrud(db, servicePackages, ServicePackageInputSchema, 'Service package'))
    .route(
      '/admin/case-studies',
      staffCrud(db, caseStudies, CaseStudyInputSchema, 'Case study', (input, id) =>
        withSlug(db, input as z.infer<typeof CaseStudyInputSchema>, id),
      ),
    );
}
