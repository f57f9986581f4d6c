import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { Cookie } from 'lucia';
import type { Db } from '../../platform/db';
import { sharedSecret } from '../../platform/db/shared-secret';

/** How long a browser stays known to an account after signing in there; each sign-in sends a new cookie. */
export const DEVICE_COOKIE_LIFETIME_MS = 180 * 24 * 3600_000;

/** Base64url, one part of the value. */
const PART = /^[\w-]{1,200}$/;
const SECONDS = /^\d{1,12}$/;

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies" (decision 0051): proof that
 * this browser signed in to an account before, so its attempts are counted apart from the account-wide lock that
 * strangers can fill. The value is `LOGIN.NONCE.EXPIRES.SIGNATURE`: the account's identity key (base64url), 128
 * random bits that tell this browser's cookie from every other, when it stops being trusted (seconds since the
 * epoch), and an HMAC-SHA256 of the three under a key all gateways on the database share. It grants nothing by
 * itself: the password is still checked, and the holder still counts against its client address.
 */
export function deviceCookies(db: Db, portalOrigin: string) {
  const secure = portalOrigin.startsWith('https://');
  // `__Host-`, as the session cookie: over HTTPS it is bound to this exact origin.
  const cookieName = secure ? '__Host-device' : 'device';
  const key = sharedSecret(db, 'device-cookie');
  const signature = async (payload: string) =>
    createHmac('sha256', await key())
      .update(`device-v1.${payload}`)
      .digest();

  return {
    cookieName,

    /**
     * The nonce of the request's device cookie when the cookie is well formed, its signature is ours, it has not
     * expired and it names `account` (an identity key); null otherwise, and the attempt is an unknown browser's.
     */
    async deviceOf(c: Context, account: string): Promise<string | null> {
      const parts = getCookie(c, cookieName)?.split('.');
      if (parts?.length !== 4 || !parts.every((part) => PART.test(part))) return null;
      const [login, nonce, expires, signed] = parts as [string, string, string, string];
      const expected = await signature(`${login}.${nonce}.${expires}`);
      const given = Buffer.from(signed, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!SECONDS.test(expires) || Number(expires) * 1000 <= Date.now()) return null;
      return Buffer.from(login, 'base64url').toString() === account ? nonce : null;
    },

    /** Sends a new device cookie naming `account` (an identity key), with a nonce of its own, after a sign-in. */
    async issue(c: Context, account: string) {
      const expires = Math.floor((Date.now() + DEVICE_COOKIE_LIFETIME_MS) / 1000);
      const [login, nonce] = [Buffer.from(account).toString('base64url'), randomBytes(16).toString('base64url')];
      const payload = `${login}.${nonce}.${expires}`;
      const value = `${payload}.${(await signature(payload)).toString('base64url')}`;
      const cookie = new Cookie(cookieName, value, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/',
        maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000,
      });
      c.header('Set-Cookie', cookie.serialize(), { append: true });
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
