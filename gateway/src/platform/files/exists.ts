import { stat } from 'node:fs/promises';

/**
 * Whether something is at `target` (with `'file'`, a regular file, not a folder). Anything that keeps it from being
 * read (missing, no permission, a broken link) counts as absent: the callers then take their fallback path.
 */
export const exists = (target: string, kind: 'any' | 'file' = 'any'): Promise<boolean> =>
  stat(target).then(
    (found) => kind === 'any' || found.isFile(),
    () => false,
  );
