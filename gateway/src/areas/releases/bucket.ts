import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { RELEASE_BUCKET_COOKIE, RELEASE_BUCKETS } from '@agency/contracts';
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

/** What one visitor is served of the live release state: their pointer in it, and their bucket if they have one. */
export interface VisitorRelease {
  current: LivePointer;
  variant: PointerVariant;
  bucket: number | undefined;
}

/** The visitor's release: the live state and their pointer in it (a bucket is given out while a canary runs). */
export function visitorRelease(live: () => Promise<LivePointer>, secureCookies: boolean) {
  return async (c: Context): Promise<VisitorRelease> => {
    const current = await live();
    const bucket = releaseBucket(c, current.canaryRunning, secureCookies);
    const variant = current.canaryRunning && bucket !== undefined ? current.forBucket(bucket) : current;
    return { current, variant, bucket };
  };
}
