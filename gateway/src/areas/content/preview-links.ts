import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a preview link opens its post. Long enough to send to a colleague and for them to look the next morning;
 * short enough that a link pasted somewhere it should not be is soon worth nothing (and it needs a staff session
 * anyway: decision 0063).
 */
export const PREVIEW_LINK_TTL_MS = 24 * 60 * 60_000;

/** The page's query parameter that carries a preview link's token. */
export const PREVIEW_PARAM = 'preview';

const TOKEN = /^(\d{1,16})\.(\d{13})\.([\w-]{43})$/;

/**
 * Preview links' tokens: `<post id>.<expiry ms>.<HMAC-SHA256 of both>`, under a key every gateway on the database
 * shares (platform/db/shared-secret.ts). A token names one post until its expiry; it never grants anything by itself: the
 * page asks for a staff session too.
 */
export function previewLinks(secret: () => Promise<Buffer>) {
  const mac = async (id: number, expires: number) =>
    createHmac('sha256', await secret())
      .update(`blog-post-preview:${id}:${expires}`)
      .digest('base64url');
  return {
    async sign(id: number, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
      const expires = now + PREVIEW_LINK_TTL_MS;
      return { token: `${id}.${expires}.${await mac(id, expires)}`, expiresAt: new Date(expires) };
    },
    /** The post id a valid, unexpired token names; null for anything else. */
    async verify(token: string, now = Date.now()): Promise<number | null> {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, id, expires, given] = match as unknown as [string, string, string, string];
      if (Number(expires) <= now) return null;
      const expected = Buffer.from(await mac(Number(id), Number(expires)));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? Number(id) : null;
    },
  };
}

export type PreviewLinks = ReturnType<typeof previewLinks>;
