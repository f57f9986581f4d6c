import { index, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { RUM_KINDS } from '@agency/contracts';
import { createdAt, id } from './columns';

/**
 * What the gateway observes itself (decision 0046): a server render of a page of that version that succeeded, and
 * one that failed again on its retry (a first failure may be the machine; a repeated one is the version).
 */
export const SERVER_SAMPLE_KINDS = ['render', 'render-failure'] as const;
export type ServerSampleKind = (typeof SERVER_SAMPLE_KINDS)[number];

/**
 * Real-user measurements of each remote version (issue 26), and the gateway's own server-render outcomes: the
 * figures every gateway compares a canary by, and the Releases tab shows. Only measurements carrying a valid page
 * token are stored (releases/rum.ts, decision 0046); rows older than the retention go in housekeeping.
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
    // Figures read one version's kind over a window (ordered by value for its p75, distinct sources for failures).
    index('release_samples_version_source_idx').on(t.remote, t.version, t.kind, t.at, t.source),
    // Each page load counts each kind of each remote once, however often its beacon is sent again.
    uniqueIndex('release_samples_page_load_idx').on(t.pageLoad, t.remote, t.kind),
  ],
);
