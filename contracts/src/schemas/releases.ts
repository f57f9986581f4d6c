import { z } from 'zod';
import { RUM_BATCH_MAX, RUM_KINDS, RUM_TOKEN_MAX } from '../releases';
import { RemoteNameSchema } from './remote-pointer';

/**
 * One beacon of measurements (`POST /api/telemetry/rum`). Remote and version are checked loosely here and against
 * the releases the gateway knows when counted: an event naming anything else is dropped, so labels stay bounded.
 * `token` is the page load's token (RUM_TOKEN_TIMING); a beacon without a valid one is accepted and not counted.
 */
export const RumBatchSchema = z.object({
  token: z.string().max(RUM_TOKEN_MAX).optional(),
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

/** `POST /api/telemetry/remote-load-failure`: a remote the shell could not load (counted, never stored). */
export const RemoteLoadFailureSchema = z.object({ remote: RemoteNameSchema, module: z.string().max(100).optional() });
export type RemoteLoadFailure = z.input<typeof RemoteLoadFailureSchema>;

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
  /** Every browser measurement counted, of every kind. */
  samples: z.number().int(),
  /**
   * How many networks (IPv4 /24s, IPv6 /48s: decision 0076) sent the errors and failed loads counted (the automatic
   * abort needs enough). The name is from when single addresses were counted.
   */
  failingAddresses: z.number().int(),
  /** Server renders of this version's pages the gateway made itself, and those that failed again on their retry. */
  serverRenders: z.number().int(),
  serverRenderFailures: z.number().int(),
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
  /** The automatic abort rule as configured (decisions 0041 and 0046). */
  rule: z.object({
    minPageLoads: z.number().int(),
    errorMargin: z.number(),
    /** Distinct networks whose browsers must have reported failures before the rule may abort. */
    minFailingAddresses: z.number().int(),
    /** Page loads per client (an IPv4 address, an IPv6 /48) and hour that count at most. */
    pageLoadsPerAddress: z.number().int(),
    /** Server renders of the canary that must have failed again on retry before the gateway's own rule may abort. */
    minRenderFailures: z.number().int(),
  }),
});
export type Releases = z.infer<typeof ReleasesSchema>;
