import { eq } from 'drizzle-orm';
import { endpoints, type RumEvent, type RumKind } from '@agency/contracts';
import { endpointRoutes } from '../../platform/http/routes';
import { releaseSamples, type Db } from '../../platform/db';
import type { LivePointer } from './live-pointer';
import { clientIp, clientKey, networkKey } from '../../platform/http/client-ip';
import { LIMITS, type RateLimiter } from '../../platform/http/rate-limit';
import { reportsLimit } from '../../platform/http/limit';
import { bucketCookie } from './bucket';
import type { CanaryWatch } from './canary-watch';
import type { PageTokens } from './page-token';

const HOUR_MS = 60 * 60_000;

/** Whether some measurement of this page load was counted already (it then counts against no limit again). */
async function pageLoadCounted(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: releaseSamples.id })
    .from(releaseSamples)
    .where(eq(releaseSamples.pageLoad, id))
    .limit(1);
  return row !== undefined;
}

/**
 * `POST /telemetry/rum`: a beacon of the shell's real-user measurements (decision 0041). They decide releases, so they
 * count only as evidence one address cannot move (decision 0046): with a valid token the gateway minted for that
 * page load (page-token.ts), sent with the bucket cookie the page was served to, naming versions that page was
 * served with (and browsers may still run: live, canary, the one before, the last aborted); each page load counts
 * each kind of each remote once, and at most `pageLoadsPerAddress` page loads per client address and hour count.
 * Anything else is answered 204 like the rest (a browser has nothing to fix) and counted nowhere but in
 * `rum_events_refused_total`. Nothing personal is stored: a remote, a version, a kind, a number, the page load's
 * random id and a keyed hash of the address. The route is limited per client address where it is mounted.
 */
export type RumRefusal =
  'no-token' | 'invalid-token' | 'expired-token' | 'bucket' | 'network' | 'version' | 'address-limit' | 'repeat';

/** What the beacon route tells the metrics (areas/ops/metrics.ts gives it); declared here so releases need not import ops. */
export interface RumMeter {
  recordRum(event: { remote: string; version: string; kind: RumKind; value?: number }): void;
  refuseRum(reason: RumRefusal, count: number): void;
}

export function rumApi(deps: {
  db: Db;
  live: () => Promise<LivePointer>;
  metrics: RumMeter;
  watch: CanaryWatch;
  tokens: PageTokens;
  trustedProxies: ReadonlySet<string>;
  pageLoadsPerAddress: number;
}) {
  const { db, live, metrics, watch, tokens } = deps;
  const limit = { max: deps.pageLoadsPerAddress, windowMs: HOUR_MS };
  return (limiter: RateLimiter) =>
    endpointRoutes().on(
      endpoints.rumBeacon,
      { beforeInput: [reportsLimit(limiter, deps.trustedProxies, 'rum', LIMITS.rumBeaconsPerIp)] },
      async (c) => {
        const { token, events } = c.req.valid('json');
        const refuse = (reason: RumRefusal, count = events.length) => {
          metrics.refuseRum(reason, count);
          return c.body(null, 204);
        };
        if (!token) return refuse('no-token');
        const check = await tokens.verify(token);
        if (!check.ok) return refuse(check.reason);
        const { id, bucket, versions, network } = check.claims;
        // A token taken with one bucket cookie says nothing about a browser holding another.
        if (bucket !== null && bucketCookie(c) !== bucket) return refuse('bucket');
        // Nor does one taken in one network about a beacon from another (decision 0076): tokens fetched from many
        // networks cannot be spent from one.
        const ip = clientIp(c, deps.trustedProxies);
        const source = await tokens.addressHash(networkKey(ip));
        if (network !== source) return refuse('network');

        const current = await live();
        const kept = events.filter(
          (e) =>
            Object.hasOwn(versions, e.remote) &&
            versions[e.remote] === e.version &&
            current.isKnown(e.remote, e.version),
        ) as RumEvent[];
        metrics.refuseRum('version', events.length - kept.length);
        if (kept.length === 0) return c.body(null, 204);

        if (!(await pageLoadCounted(db, id))) {
          // Counted in the database, so the limit holds across gateways; keyed by the hash, so no address is stored.
          // Per client (an IPv4 address, an IPv6 /48), while failures are told apart per network (`source`).
          const client = await tokens.addressHash(clientKey(ip));
          const verdict = await limiter.hit([`rum-page-loads:src:${client}`, limit]);
          if (!verdict.allowed) return refuse('address-limit', kept.length);
        }
        const counted = await db
          .insert(releaseSamples)
          .values(
            kept.map(({ remote, version, kind, value }) => ({
              remote,
              version,
              kind,
              value: value ?? null,
              pageLoad: id,
              source,
            })),
          )
          .onConflictDoNothing()
          .returning({
            remote: releaseSamples.remote,
            version: releaseSamples.version,
            kind: releaseSamples.kind,
            value: releaseSamples.value,
          });
        metrics.refuseRum('repeat', kept.length - counted.length);
        for (const { remote, version, kind, value } of counted)
          metrics.recordRum({ remote, version, kind: kind as RumEvent['kind'], value: value ?? undefined });
        if (counted.length > 0) watch.poke();
        return c.body(null, 204);
      },
    ).app;
}
