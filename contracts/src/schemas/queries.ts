import { z } from 'zod';
import { ENQUIRY_STATUSES, QUOTE_STATUSES } from '../constants';
import { slugOrNone } from './content';
import { withoutBidiControls } from './identity';

/**
 * Query strings and path parameters of the API's GET endpoints (and the upload's `?name=`). Every value arrives
 * as text; each is checked against a pattern and bounds before it becomes a number, so `1e20`, `0x10`, ` 5` or
 * `-0` are a 400 naming the parameter, never a query with an absurd offset. Unknown parameters are ignored (a
 * cache-busting `r=` is harmless); a repeated parameter is an array and fails its field.
 */

/** Deepest page a list serves: 10 million rows at the largest page size. */
export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;

const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,16}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }));
};

/** A record id in a path or query: a positive whole number JavaScript holds exactly. */
export const idText = (name = 'id') => wholeNumber(name, 1, Number.MAX_SAFE_INTEGER);

export const PageQuerySchema = z.object({
  page: wholeNumber('page', 1, MAX_PAGE).default(1),
  pageSize: wholeNumber('pageSize', 1, MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * The public blog list's pages: posts come with their whole bodies, so a page holds at most this many (twice what
 * /blog shows at once); one anonymous request never reads and sends a hundred long posts.
 */
export const PUBLIC_POSTS_MAX_PAGE_SIZE = 24;
export const PublicPostsQuerySchema = z.object({
  page: wholeNumber('page', 1, MAX_PAGE).default(1),
  pageSize: wholeNumber('pageSize', 1, PUBLIC_POSTS_MAX_PAGE_SIZE).default(12),
});

/** Whose data: a client's own when absent; staff must name a client (checked by the gateway, which knows roles). */
export const ClientScopeQuerySchema = z.object({ clientId: idText('clientId').optional() });

export const ClientPageQuerySchema = PageQuerySchema.extend(ClientScopeQuerySchema.shape);

export const LEAD_TYPES = ['enquiry', 'quote', 'consultation', 'optin'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const LeadTypeSchema = z.enum(LEAD_TYPES, { error: `type must be one of ${LEAD_TYPES.join(', ')}` });

/** Absent and empty mean the same: no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const statusForType = (query: { type: LeadType | 'all'; status?: string }, ctx: z.RefinementCtx) => {
  if (query.status === undefined) return;
  if (query.type === 'all') {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'status applies to one kind of lead, not to all' });
    return;
  }
  if (query.type === 'optin') {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'status does not apply to opt-ins' });
    return;
  }
  const allowed: readonly string[] = query.type === 'quote' ? QUOTE_STATUSES : ENQUIRY_STATUSES;
  if (!allowed.includes(query.status))
    ctx.addIssue({ code: 'custom', path: ['status'], message: `status must be one of ${allowed.join(', ')}` });
};

const leadFilters = z.object({
  type: LeadTypeSchema,
  status: optionalFilter(z.string({ error: 'status must be a single value' })),
  q: optionalFilter(
    z.string({ error: 'q must be a single value' }).trim().max(100, { error: 'q must be at most 100 characters' }),
  ),
});

/** The inbox's views: one kind of lead, or all four. */
const leadView = z.enum([...LEAD_TYPES, 'all'], { error: `type must be one of ${[...LEAD_TYPES, 'all'].join(', ')}` });

/** The follow-up filter: leads past their follow-up time, due within 4 hours, or not yet followed up. */
export const LEAD_DUE_FILTERS = ['overdue', 'soon', 'open'] as const;
export type LeadDueFilter = (typeof LEAD_DUE_FILTERS)[number];

/** The inbox's filters past kind, status and search: follow-up due, and only the signed-in person's leads. */
const listFilters = {
  due: optionalFilter(z.enum(LEAD_DUE_FILTERS, { error: `due must be one of ${LEAD_DUE_FILTERS.join(', ')}` })),
  mine: optionalFilter(z.enum(['1'], { error: 'mine must be 1' })),
};

/** Where the All view's export is: one CSV per kind, as each kind's fields differ (decision 0106). */
export const ALL_LEADS_EXPORT_PATH = '/api/admin/leads/export.zip';

/**
 * Filters of the lead inbox's CSV export of one kind, the same as the list's (decision 0098): a status valid for the
 * kind, a search of at most 100 characters, follow-up due and "my leads". The All view's export is a zip
 * (`LeadZipQuerySchema`).
 */
export const LeadFilterQuerySchema = leadFilters
  .extend({
    type: z.enum(LEAD_TYPES, {
      error: (issue) =>
        issue.input === 'all'
          ? `type all is exported as one CSV per kind of lead, in a zip: GET ${ALL_LEADS_EXPORT_PATH}`
          : `type must be one of ${LEAD_TYPES.join(', ')}`,
    }),
    ...listFilters,
  })
  .superRefine(statusForType);

/** Filters of the All view's export (decision 0106): the list's, past kind and status (each kind has its own). */
export const LeadZipQuerySchema = leadFilters.pick({ q: true }).extend(listFilters);
export const LEAD_SORTS = ['newest', 'follow-up'] as const;

/**
 * The lead inbox: one kind or `all` four, the export's filters, whose leads (`mine`), the follow-up filter, the
 * order (newest first, or soonest follow-up first) and a page.
 */
export const LeadListQuerySchema = leadFilters
  .extend({
    type: leadView,
    ...listFilters,
    sort: z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(', ')}` }).default('newest'),
  })
  .extend(PageQuerySchema.shape)
  .superRefine(statusForType);

export const LeadParamSchema = z.object({ type: LeadTypeSchema, id: idText() });

/** Path parameters: a record's `:id`, a client's `:clientId`. */
export const IdParamSchema = z.object({ id: idText() });
export const ClientIdParamSchema = z.object({ clientId: idText('clientId') });
/** A public page's `:slug`: null for text no slug could be, which the read answers 404 (`slugOrNone`). */
export const SlugParamSchema = z.object({ slug: slugOrNone });

const FILE_NAME_RULE = 'name is required: the file name shown to the client (no slashes, at most 200 characters)';

/** `?name=` of an upload: shown to the client and offered as the download's name. */
export const FileUploadQuerySchema = z.object({
  name: z
    .string({ error: FILE_NAME_RULE })
    .transform(withoutBidiControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: FILE_NAME_RULE })
        .max(200, { error: FILE_NAME_RULE })
        // Slashes would read as a path; control characters would break the Content-Disposition header.
        .refine((name) => ![...name].some((ch) => ch === '/' || ch === '\\' || ch < ' ' || ch === '\u007f'), {
          error: FILE_NAME_RULE,
        }),
    ),
});
