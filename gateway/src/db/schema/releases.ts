import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { RUM_KINDS } from '@agency/contracts';
import { createdAt, id } from './columns';

/**
 * Real-user measurements of each remote version (issue 26), as browsers sent them: the figures every gateway
 * compares a canary by, and the Releases tab shows. Only known remotes and versions are stored (releases/rum.ts);
 * rows older than the retention go in housekeeping.
 */
export const releaseSamples = sqliteTable(
  'release_samples',
  {
    id: id(),
    at: createdAt(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    kind: text('kind', { enum: RUM_KINDS }).notNull(),
    value: real('value'),
  },
  // Figures read one version's kind over a window, ordered by value for its p75.
  (t) => [index('release_samples_version_idx').on(t.remote, t.version, t.kind, t.at)],
);
