import path from 'node:path';

/** The repository's root, for tests that read the remotes' build output. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
