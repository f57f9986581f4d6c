import { Hono } from 'hono';
import { RumBatchSchema } from '@agency/contracts';
import { releaseSamples, type Db } from '../db';
import type { LivePointer } from '../frontends/live-pointer';
import { validate } from '../http/validate';
import type { Metrics } from '../ops/metrics';
import type { CanaryWatch } from './canary-watch';

/**
 * `POST /telemetry/rum`: a beacon of the shell's real-user measurements (issue 26). Only measurements of releases
 * browsers may be running now are kept (live, canary, the version before and the last aborted canary of each
 * remote); anything else is dropped, so one script cannot invent label values. Nothing personal is sent or stored:
 * a remote, a version, a kind and a number. The route is limited per client address where it is mounted.
 */
export function rumApi(deps: { db: Db; live: () => Promise<LivePointer>; metrics: Metrics; watch: CanaryWatch }) {
  const { db, live, metrics, watch } = deps;
  return new Hono().post('/telemetry/rum', validate('json', RumBatchSchema), async (c) => {
    const current = await live();
    const kept = c.req.valid('json').events.filter((e) => current.isKnown(e.remote, e.version));
    if (kept.length > 0) {
      await db
        .insert(releaseSamples)
        .values(kept.map(({ remote, version, kind, value }) => ({ remote, version, kind, value: value ?? null })));
      for (const event of kept) metrics.recordRum(event);
      watch.poke();
    }
    return c.body(null, 204);
  });
}
