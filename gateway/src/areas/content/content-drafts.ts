import { and, desc, eq, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { DRAFTS_PER_USER, endpoints, STAFF_CONTENT, type Draft, type DraftKind } from '@agency/contracts';
import { requireStaffActor } from '../../platform/http/guards/access';
import { blogPosts, caseStudies, contentDrafts, servicePackages } from '../../platform/db';
import { jsonBody, schemaBodyBytes, shownSize } from '../../platform/http/json-only';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

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
const shown = (row: Row): Draft => ({
  kind: row.kind,
  itemId: row.itemId,
  values: JSON.parse(row.values) as Record<string, unknown>,
  updatedAt: new Date(row.updatedAt).toISOString(),
  version: row.version,
});

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
export function contentDraftsApi({ db }: ApiDeps) {
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
      return c.json({ items: rows.map(shown) });
    })
    .on(endpoints.saveContentDraft, draftBody, async (c) => {
      const { id: userId } = requireStaffActor(c);
      const { kind, itemId } = c.req.valid('param');
      const { values, baseVersion } = c.req.valid('json');
      const { table, noun } = KINDS[kind];
      if (itemId !== 0) {
        const [item] = await db.select({ id: table.id }).from(table).where(eq(table.id, itemId));
        if (!item) throw new HTTPException(404, { message: `No such ${noun}: it may have been deleted.` });
      }
      const text = JSON.stringify(values);
      const now = Date.now();
      // One statement: a new draft is inserted only while the person is under the limit (two tabs saving at once
      // cannot both slip past it); an existing draft is replaced only by a save based on its version (decision 0101),
      // so a tab that missed a newer save cannot overwrite it. A draft discarded meanwhile is simply made again.
      const rows = await db.all<Row>(sql`
        insert into ${contentDrafts} ("userId", "kind", "itemId", "values", "updatedAt", "version")
        select ${userId}, ${kind}, ${itemId}, ${text}, ${now}, ${baseVersion + 1}
        where (select count(*) from ${contentDrafts} where "userId" = ${userId}) < ${DRAFTS_PER_USER}
          or exists (select 1 from ${contentDrafts} where "userId" = ${userId} and "kind" = ${kind} and "itemId" = ${itemId})
        on conflict ("userId", "kind", "itemId") do update
          set "values" = excluded."values", "updatedAt" = excluded."updatedAt", "version" = ${contentDrafts.version} + 1
          where ${contentDrafts.version} = ${baseVersion}
        returning "kind", "itemId", "values", "updatedAt", "version"`);
      const [row] = rows;
      if (row) return c.json(shown(row));
      const [newer] = await db.all<Row>(sql`
        select "kind", "itemId", "values", "updatedAt", "version" from ${contentDrafts}
        where "userId" = ${userId} and "kind" = ${kind} and "itemId" = ${itemId}`);
      if (newer) return c.json({ message: staleText(newer), draft: shown(newer) }, 409);
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
