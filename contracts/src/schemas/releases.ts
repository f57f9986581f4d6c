import { z } from 'zod';
import { RUM_BATCH_MAX, RUM_KINDS } from '../releases';
import { RemoteNameSchema } from './remote-pointer';

/**
 * One beacon of measurements (`POST /api/telemetry/rum`). Remote and version are checked loosely here and against
 * the releases the gateway knows when counted: an event naming anything else is dropped, so labels stay bounded.
 */
export const RumBatchSchema = z.object({
  events: z
    .array(
      z.object({
        remote: z.string().max(40),
        version: z.string().max(80),
        kind: z.enum(RUM_KINDS),
        value: z.number().finite().min(0).max(600_000).optional(),
      }),
    )
    .min(1)
    .max(RUM_BATCH_MAX),
});
export type RumBatch = z.infer<typeof RumBatchSchema>;

/** How one version of a remote did in browsers over a window: counts, the error rate and p75s (null: no samples). */
export const ReleaseFiguresSchema = z.object({
  pageLoads: z.number().int(),
  errors: z.number().int(),
  loadFailures: z.number().int(),
  /** (errors + load failures) / (page loads + load failures); null without any. */
  errorRate: z.number().nullable(),
  loadP75Ms: z.number().nullable(),
  lcpP75Ms: z.number().nullable(),
  inpP75Ms: z.number().nullable(),
  clsP75: z.number().nullable(),
  /** Every measurement counted, of every kind. */
  samples: z.number().int(),
});
export type ReleaseFigures = z.infer<typeof ReleaseFiguresSchema>;

export const ReleaseAbortSchema = z.object({
  version: z.string(),
  at: z.string(),
  reason: z.string(),
  automatic: z.boolean(),
});

/** `GET /api/admin/releases` (master admins): live and canary of each remote, side by side. */
export const ReleasesSchema = z.object({
  remotes: z.array(
    z.object({
      name: RemoteNameSchema,
      /** Served from elsewhere (REMOTE_<NAME>_URL): no canary, no figures by version from this store. */
      external: z.boolean(),
      /** The figures' window: since the canary started, or the last 24 hours. */
      since: z.string(),
      live: z.object({ version: z.string(), figures: ReleaseFiguresSchema }).nullable(),
      canary: z
        .object({ version: z.string(), percent: z.number(), startedAt: z.string(), figures: ReleaseFiguresSchema })
        .nullable(),
      lastAbort: ReleaseAbortSchema.nullable(),
    }),
  ),
  /** The automatic abort rule as configured. */
  rule: z.object({ minPageLoads: z.number().int(), errorMargin: z.number() }),
});
export type Releases = z.infer<typeof ReleasesSchema>;
