import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DRAFTS_PER_USER,
  DraftValuesSchema,
  endpoints,
  STAFF_CONTENT,
  type Draft,
  type DraftKind,
} from '@agency/contracts';
import { requireStaffActor } from '../../platform/http/guards/access';
import { blogPosts, caseStudies, contentDrafts, servicePackages } from '../../platform/db';
import { jsonBody, schemaBodyBytes, shownSize } from '../../platform/http/json-only';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';
import type { Logger } from '../../platform/logger';
import { json } from './public-rows';

/** Each kind's table and name; a draft of an item is only kept while the item exists. */
const KINDS = {
  'blog-posts': { table: blogPosts, noun: 'blog post', input: endpoints.createBlogPost.body },
  'case-studies': { table: caseStudies, noun: 'case study', input: STAFF_CONTENT['case-studies'].create.body },
  'service-packages': {
    table: servicePackages,
    noun: 'service package',
    input: STAFF_CONTENT['service-packages'].create.body,
  },
} as const;

/**
 * A draft is at most what its kind's save may be (the input schema's largest JSON, platform/http/json-size.ts) and a little
 * for the field names and the wrapper: the largest draft is the largest post, no more.
 */
const DRAFT_SLACK_BYTES = 4 * 1024;
const draftBytes = Math.max(...Object.values(KINDS).map((k) => schemaBodyBytes(k.input))) + DRAFT_SLACK_BYTES;
const draftBody = {
  beforeInput: [
    jsonBody(
      draftBytes,
      `A draft can be at most ${shownSize(draftBytes)} as sent: the largest a saved item may be. Shorten its longest texts.`,
    ),
  ],
};

const TOO_MANY = `You have ${DRAFTS_PER_USER} unsaved drafts. Save or discard some of them (open each and save it, or press Discard changes) before starting another.`;

type Row = { kind: DraftKind; itemId: number; values: string; updatedAt: number; version: number };
const shown = (row: Row, values: Draft['values']): Draft => ({
  kind: row.kind,
  itemId: row.itemId,
  values,
  updatedAt: new Date(row.updatedAt).toISOString(),
  version: row.version,
});

const StoredValues = json(DraftValuesSchema);

/**
 * A stored draft, its values read by the schema they were saved with; null for one that does not parse (a script's
 * or a hand edit's), which is logged and treated as no draft: left out of the list, and replaced by the next save.
 */
const readDraft = (logger: Logger, row: Row): Draft | null => {
  const values = StoredValues.safeParse(row.values);
  if (values.success) return shown(row, values.data);
  logger.warn('content draft unreadable: treated as none', { kind: row.kind, itemId: row.itemId });
  return null;
};

const shownTime = (at: number) =>
  new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

/** Why a save over a newer draft is refused, in words the editor shows beside its offer to load that draft. */
const staleText = (row: Row) =>
  `A newer draft of this form was saved at ${shownTime(row.updatedAt)}, in another tab or on another device, so this one was not saved over it. Load the newer draft, or keep yours to replace it.`;

/**
 * Each person's unsaved forms (decision 0063): the editor saves them as they type and restores them when it opens
 * again, after a tab switch, a reload or a crash. Only the owner reads or writes their drafts; the count per person
 * is bounded, and a new draft beyond it is refused in words (an existing one is always updated).
 */
export function contentDraftsApi({ db, logger }: ApiDeps) {
  return endpointRoutes()
    .on(endpoints.contentDrafts, async (c) => {
      const { id } = requireStaffActor(c);
      const rows = await db
        .select({
          kind: contentDrafts.kind,
          itemId: contentDrafts.itemId,
          values: sql<string>`${contentDrafts.values}`,
          updatedAt: sql<number>`${contentDrafts.updatedAt}`,
          version: contentDrafts.version,
        })
        .from(contentDrafts)
        .where(eq(contentDrafts.userId, id))
        .orderBy(desc(contentDrafts.updatedAt))
        .limit(DRAFTS_PER_USER);
      return c.json({ items: rows.flatMap((row) => readDraft(logger, row) ?? []) });
    })
    .on(endpoints.saveContentDraft, draftBody, async (c) => {
      const { id: userId } = requireStaffActor(c);
      const { kind, itemId } = c.req.valid('param');
      const { values, baseVersion } = c.req.valid('json');
      const { table, noun } = KINDS[kind];
      if (itemId !== 0) {
        const [item] = await db.select({ id: table.id }).from(table).where(eq(table.id, itemId));
        if (!item) return c.json({ message: `No such ${noun}: it may have been deleted.` }, 404);
      }
      const text = JSON.stringify(values);
      const now = Date.now();
      // One statement: a new draft is inserted only while the person is under the limit (two tabs saving at once
      // cannot both slip past it); an existing draft is replaced only by a save based on its version (decision 0101),
      // so a tab that missed a newer save cannot overwrite it. A draft discarded meanwhile is simply made again.
      const save = (base: number) =>
        db.all<Row>(sql`
        insert into ${contentDrafts} ("userId", "kind", "itemId", "values", "updatedAt", "version")
        select ${userId}, ${kind}, ${itemId}, ${text}, ${now}, ${base + 1}
        where (select count(*) from ${contentDrafts} where "userId" = ${userId}) < ${DRAFTS_PER_USER}
          or exists (select 1 from ${contentDrafts} where "userId" = ${userId} and "kind" = ${kind} and "itemId" = ${itemId})
        on conflict ("userId", "kind", "itemId") do update
          set "values" = excluded."values", "updatedAt" = excluded."updatedAt", "version" = ${contentDrafts.version} + 1
          where ${contentDrafts.version} = ${base}
        returning "kind", "itemId", "values", "updatedAt", "version"`);
      let [row] = await save(baseVersion);
      if (!row) {
        const [newer] = await db.all<Row>(sql`
        select "kind", "itemId", "values", "updatedAt", "version" from ${contentDrafts}
        where "userId" = ${userId} and "kind" = ${kind} and "itemId" = ${itemId}`);
        const draft = newer && readDraft(logger, newer);
        if (draft) return c.json({ message: staleText(newer), draft }, 409);
        // A newer draft nobody can load is no work to keep: this save replaces it.
        if (newer) [row] = await save(newer.version);
      }
      // What was just stored is what was sent, already checked by the schema.
      if (row) return c.json(shown(row, values));
      return c.json({ message: TOO_MANY }, 409);
    })
    .on(endpoints.deleteContentDraft, async (c) => {
      const { id: userId } = requireStaffActor(c);
      const { kind, itemId } = c.req.valid('param');
      await db
        .delete(contentDrafts)
        .where(and(eq(contentDrafts.userId, userId), eq(contentDrafts.kind, kind), eq(contentDrafts.itemId, itemId)));
      // Discarding a draft that is not there (saved meanwhile in another tab) leaves the same state: no error.
      return c.json({ message: 'Draft discarded' });
    }).app;
}
