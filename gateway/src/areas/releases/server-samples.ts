import { releaseSamples, type Db, type ServerSampleKind } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { CanaryWatch } from './canary-watch';

/**
 * The gateway's own evidence about a version (decision 0046): each server render of one of its pages that worked,
 * and each that failed again on its retry, stored beside browsers' measurements (shared by every gateway) for the
 * canary rule, which then looks. Renders happen once per page and release change, and failures back off, so these
 * rows are few; nobody outside can add one.
 */
export function serverRenderSamples(db: Db, watch: CanaryWatch, logger: Logger) {
  return (remote: string, version: string, kind: ServerSampleKind): void => {
    db.insert(releaseSamples)
      .values({ remote, version, kind })
      .then(
        () => watch.poke(),
        (error: unknown) =>
          logger.warn('server render outcome not stored', { remote, version, kind, error: String(error) }),
      );
  };
}
