import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  RELEASE_BUCKET_COOKIE,
  RELEASE_BUCKETS,
  remotesOfSite,
  type RemotePointer,
  type Site,
} from '@agency/contracts';
import type { Sites } from '../../platform/http/sites';
import type { LivePointer, PointerVariant } from './live-pointer';

/** Long enough to outlast any canary; it is only a random number, so nothing is lost when it expires. */
const BUCKET_MAX_AGE_S = 90 * 24 * 3600;

const parse = (raw: string | undefined) => {
  if (!raw || !/^\d{1,2}$/.test(raw)) return undefined;
  return Number(raw);
};

/** The release bucket the request's cookie names, if it names a valid one. */
export const bucketCookie = (c: Context): number | undefined => parse(getCookie(c, RELEASE_BUCKET_COOKIE));

/**
 * The visitor's release bucket (0-99) from their cookie, or, when `assign` (a canary runs), a new random one set in
 * the answer: so the first page already gets the version the browser will keep. Without a canary no cookie is set,
 * so the public pages stay free of Set-Cookie and cacheable at the edge.
 */
export function releaseBucket(c: Context, assign: boolean, secure: boolean): number | undefined {
  const known = bucketCookie(c);
  if (known !== undefined || !assign) return known;
  const bucket = randomInt(RELEASE_BUCKETS);
  setCookie(c, RELEASE_BUCKET_COOKIE, String(bucket), {
    path: '/',
    maxAge: BUCKET_MAX_AGE_S,
    sameSite: 'Lax',
    httpOnly: true,
    secure,
  });
  return bucket;
}

/**
 * What one visitor is served of the live release state: the site asked (decision 0077), their pointer in the state,
 * and their bucket if they have one.
 */
export interface VisitorRelease {
  current: LivePointer;
  site: Site;
  /**
   * Their pointer, naming only the site's remotes (the portal's pages load the account remote and no other); its key
   * is the whole variant's, as the page cache knows it.
   */
  variant: PointerVariant;
  /** A canary of one of the site's remotes runs: its pages depend on the visitor's bucket. */
  canaryRunning: boolean;
  bucket: number | undefined;
}

/** The part of a pointer a site's pages may load. */
export function pointerOfSite(pointer: RemotePointer, site: Site): RemotePointer {
  const remotes: RemotePointer['remotes'] = {};
  for (const name of remotesOfSite(site)) if (pointer.remotes[name]) remotes[name] = pointer.remotes[name];
  return { remotes };
}

/** The visitor's release: the live state and their pointer in it (a bucket is given out while a canary runs). */
export function visitorRelease(live: () => Promise<LivePointer>, sites: Sites) {
  return async (c: Context): Promise<VisitorRelease> => {
    const current = await live();
    const site = sites.of(c);
    const canaryRunning = current.canaryRunning && remotesOfSite(site).some((name) => current.canaries[name]);
    const bucket = releaseBucket(c, canaryRunning, sites.origin(site).startsWith('https:'));
    const whole = canaryRunning && bucket !== undefined ? current.forBucket(bucket) : current;
    return {
      current,
      site,
      variant: { key: whole.key, pointer: pointerOfSite(whole.pointer, site) },
      canaryRunning,
      bucket,
    };
  };
}
