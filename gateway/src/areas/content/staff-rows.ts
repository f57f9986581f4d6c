import { z } from 'zod';
import { BlogPostSchema } from '@agency/contracts';
import type { Logger } from '../../platform/logger';
import { rowWarnings } from './public-rows';

/** A JSON column as staff read it: the schema of what it holds, and what a value that does not parse is shown as. */
export interface StaffJsonColumn {
  schema: z.ZodType;
  empty: unknown;
}

const lines = z.array(z.string());
/** A case study's strategies or results as stored: lines, or an older object of figures (CaseStudySchema's). */
const figures = z.union([lines, z.record(z.string(), z.union([z.string(), z.number()]))]).nullable();

/**
 * The JSON columns of each content table as the staff's lists and forms read them (decision 0111): by the shape
 * the dashboard shows (a package's features, a case study's lists, a post's questions as BlogPostSchema has them),
 * not by the rules of a save, so a row the public site leaves out for a rule (a line too long) still reaches staff
 * whole, to be fixed in its form.
 */
export const STAFF_JSON = {
  service_packages: { features: { schema: lines, empty: [] } },
  case_studies: {
    challenges: { schema: lines, empty: [] },
    strategies: { schema: figures, empty: null },
    results: { schema: figures, empty: null },
  },
  blog_posts: { faq: { schema: BlogPostSchema.shape.faq, empty: [] } },
} as const satisfies Record<string, Record<string, StaffJsonColumn>>;
export type StaffTable = keyof typeof STAFF_JSON;
/**
 * Staff rows (decision 0111): their JSON columns are `jsonText`, which reads text that is not JSON as that text, and
 * are parsed here by their shape (`STAFF_JSON`): a column that does not parse (text that is not JSON, another
 * shape) is logged and shown as its empty value, so the row is still listed and opened, and its next save writes
 * the column anew (what was stored stays in the audit trail). Never a failed list: the dashboard would say "Could
 * not load this" for every row.
 */
export function staffRows(logger: Logger) {
  const warn = rowWarnings(logger);
  return <R extends { id: number }>(table: StaffTable, rows: readonly R[]): R[] =>
    rows.map((row) => {
      const mended: Record<string, unknown> = { ...row };
      for (const [field, { schema, empty }] of Object.entries(STAFF_JSON[table]) as [string, StaffJsonColumn][]) {
        const parsed = schema.safeParse(mended[field]);
        if (parsed.success) {
          mended[field] = parsed.data;
          continue;
        }
        mended[field] = empty;
        warn(
          'content row shown to staff with a field empty: its stored JSON does not parse',
          table,
          row.id,
          field,
          parsed.error.issues[0]?.message,
        );
      }
      return mended as R;
    });
}

export type StaffRows = ReturnType<typeof staffRows>;
