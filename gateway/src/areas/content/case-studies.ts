import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { caseStudies, type Db } from '../../platform/db';
import { PublicCaseStudyRowSchema, type PublicRows } from './public-rows';

/** JSON columns as stored text: a public read parses and checks them row by row (public-rows.ts). */
const rawStudy = {
  ...getTableColumns(caseStudies),
  challenges: sql<unknown>`${caseStudies.challenges}`,
  strategies: sql<unknown>`${caseStudies.strategies}`,
  results: sql<unknown>`${caseStudies.results}`,
};

/**
 * Active case studies by sortOrder (those `where` picks), each checked; a bad one is left out and logged. The public
 * API's lists and pages and the sitemap read them alike, so the sitemap never names a page that answers 404.
 */
export async function publicCaseStudies(db: Db, rows: PublicRows, where?: SQL) {
  const found = await db
    .select(rawStudy)
    .from(caseStudies)
    .where(and(eq(caseStudies.isActive, true), where))
    .orderBy(asc(caseStudies.sortOrder), asc(caseStudies.id));
  return rows('case_studies', PublicCaseStudyRowSchema, found);
}
