import { chmod, mkdir, stat } from 'node:fs/promises';
import type { Logger } from '../logger';

/**
 * Makes `dir` (the data directory) readable, writable and searchable by its owner only (0700), creating it if need
 * be. Team code runs as another user when the gateway runs as root (decision 0073); a directory another tool made
 * with the usual umask (0755) is tightened at start. One the gateway does not own is left, with a warning.
 */
export async function privateDirectory(dir: string, logger: Logger): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode } = await stat(dir);
  if ((mode & 0o077) === 0) return;
  try {
    await chmod(dir, 0o700);
  } catch (error) {
    logger.warn('the data directory could not be made private (0700)', { dir, error: String(error) });
  }
}
