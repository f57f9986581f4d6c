import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { RUM_KINDS } from '@agency/contracts';
import { bool, createdAt, id, jsonText, timestamp } from './columns';

/**
 * What the gateway observes itself (decision 0046): a server render of a page of that version that succeeded, and
 * one that failed again on its retry (a first failure may be the machine; a repeated one is the version).
 */
export const SERVER_SAMPLE_KINDS = ['render', 'render-failure'] as const;
export type ServerSampleKind = (typeof SERVER_SAMPLE_KINDS)[number];

/**
 * Real-user measurements of each remote version (decision 0041), and the gateway's own server-render outcomes: the
 * figures every gateway compares a canary by, and the Releases tab shows. Only measurements carrying a valid page
 * token are stored (areas/releases/rum.ts, decision 0046); rows older than the retention go in housekeeping.
 */
export const releaseSamples = sqliteTable(
  'release_samples',
  {
    id: id(),
    at: createdAt(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    kind: text('kind', { enum: [...RUM_KINDS, ...SERVER_SAMPLE_KINDS] }).notNull(),
    value: real('value'),
    /** The page load's token id (browser measurements; null for the gateway's own and rows from before tokens). */
    pageLoad: text('pageLoad'),
    /**
     * A keyed hash of the client address that sent the measurement (never the address): for counting how many
     * distinct addresses reported failures. Null for the gateway's own samples.
     */
    source: text('source'),
  },
  (t) => [
    // Figures read one version's kind over a window (ordered by value for its p75, distinct sources for failures)
    // from this index alone: its rows carry the source and the value, so a window of 100,000 samples is read
    // without a lookup into the table for each (decision 0067).
    index('release_samples_figures_idx').on(t.remote, t.version, t.kind, t.at, t.source, t.value),
    // Each page load counts each kind of each remote once, however often its beacon is sent again.
    uniqueIndex('release_samples_page_load_idx').on(t.pageLoad, t.remote, t.kind),
    // Housekeeping finds the rows past their retention without reading the others (decision 0067).
    index('release_samples_at_idx').on(t.at),
  ],
);

/** What changed a release, as `release_actions` records it (release-state.ts makes each). */
export const RELEASE_ACTIONS = [
  'publish',
  'canary',
  'promote',
  'abort',
  'rollback',
  'prune',
  'import',
  // Through the release API (decision 0059): a version's files stored, its pre-flight checks, a canary's new share.
  'upload',
  'checks',
  'share',
] as const;
export type ReleaseActionKind = (typeof RELEASE_ACTIONS)[number];

/**
 * The release state of each remote that has been published (decision 0058): its live version, the versions before
 * it (what `rollback` returns to, newest last), its canary and its last aborted canary. Changed only together with a
 * `release_actions` row taking the next revision, in one transaction (areas/releases/database-state.ts).
 */
export const releaseRemotes = sqliteTable('release_remotes', {
  remote: text('remote').primaryKey(),
  current: text('current').notNull(),
  previous: jsonText<string[]>('previous').notNull().default([]),
  canaryVersion: text('canaryVersion'),
  canaryPercent: integer('canaryPercent'),
  canaryStartedAt: timestamp('canaryStartedAt'),
  abortVersion: text('abortVersion'),
  abortAt: timestamp('abortAt'),
  abortReason: text('abortReason'),
  abortAutomatic: bool('abortAutomatic'),
});

/**
 * Every release action: who (`cli`, `gateway` for an automatic abort; later a person or a deploy token), on which
 * machine, when, what, to which remote and version, and its details (a canary's share, an abort's reason, the
 * version replaced, the versions pruned). An action that changes the state takes the next `revision`: the unique
 * index makes two writers that read the same revision leave one outcome, and the highest revision is the state's
 * signature every gateway looks at per request.
 */
export const releaseActions = sqliteTable(
  'release_actions',
  {
    id: id(),
    at: createdAt(),
    /** The state revision this action made; null for one that changed no state (a prune). */
    revision: integer('revision'),
    /** `cli`, `gateway`, `person` (a master admin in the Releases tab) or `token` (a pipeline's deploy token). */
    actor: text('actor').notNull(),
    /** The person's e-mail or the deploy token's label; null for `cli` and `gateway`. */
    actorName: text('actorName'),
    host: text('host').notNull(),
    /** The commit and message a pipeline gave with its upload (decision 0059). */
    commit: text('commit'),
    message: text('message'),
    action: text('action', { enum: RELEASE_ACTIONS }).notNull(),
    remote: text('remote'),
    version: text('version'),
    details: jsonText<Record<string, unknown>>('details').notNull().default({}),
  },
  (t) => [
    uniqueIndex('release_actions_revision_idx').on(t.revision),
    index('release_actions_remote_idx').on(t.remote, t.id),
    // A version's latest pre-flight verdict, which every transition making it live or a canary looks up.
    index('release_actions_version_idx').on(t.remote, t.version, t.action, t.id),
  ],
);

/**
 * Deploy tokens (decision 0059): each lets a pipeline release one remote through `/api/releases/<remote>/`. Only
 * the token's SHA-256 is stored (it is 32 random bytes, so a slow hash adds nothing); the token itself is shown
 * once, when made.
 */
export const deployTokens = sqliteTable(
  'deploy_tokens',
  {
    id: id(),
    remote: text('remote').notNull(),
    label: text('label').notNull(),
    tokenHash: text('tokenHash').notNull(),
    createdAt: createdAt(),
    /** The master admin's e-mail, or `cli` for `remotes token create`. */
    createdBy: text('createdBy').notNull(),
    expiresAt: timestamp('expiresAt').notNull(),
    revokedAt: timestamp('revokedAt'),
    lastUsedAt: timestamp('lastUsedAt'),
  },
  (t) => [uniqueIndex('deploy_tokens_hash_idx').on(t.tokenHash)],
);
