import { createHmac, createSecretKey, randomFillSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { RemotePointer } from '@agency/contracts';

/**
 * How long after its page was served a token's measurements count. Beacons go out within seconds of a measurement
 * or when the page is hidden, so an hour covers nearly every visit; a token taken from a page is worth nothing to
 * anyone for long, and the per-address limit's window is the same hour.
 */
export const PAGE_TOKEN_TTL_MS = 60 * 60_000;
/** Gateways' clocks may differ by this much: a token a little from the future is still good. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What a token says about the page load it was minted for. */
export interface PageClaims {
  /** Random, unique per page document served. */
  id: string;
  issuedAt: number;
  /** The visitor's release bucket when the page was served, if they had one. */
  bucket: number | null;
  /** remote -> version of the pointer the page was served with. */
  versions: Record<string, string>;
  /** The keyed hash of the network that loaded the page (`addressHash(networkKey(...))`): beacons must come from it. */
  network: string;
}

const ClaimsSchema = z
  .object({
    i: z.string().regex(/^[\w-]{16,32}$/),
    t: z.number().int().positive(),
    b: z.number().int().min(0).max(99).nullable(),
    v: z.record(z.string().max(40), z.string().max(80)),
    n: z.string().regex(/^[\w-]{22}$/),
  })
  .strict();

export type TokenCheck = { ok: true; claims: PageClaims } | { ok: false; reason: 'invalid-token' | 'expired-token' };

interface Keys {
  sign: KeyObject;
  address: KeyObject;
}

/** Two purposes, two keys from the one secret, so a token's signature is never an address's hash or the reverse. */
const derive = (secret: Buffer): Keys => ({
  sign: createSecretKey(createHmac('sha256', secret).update('page-token').digest()),
  address: createSecretKey(createHmac('sha256', secret).update('client-address').digest()),
});

const mac = (key: KeyObject, text: string) => createHmac('sha256', key).update(text).digest();
/** 16 bytes of an address key's HMAC: tells addresses apart without storing any; no collision at any traffic. */
const hash = (key: KeyObject, addressKey: string) => mac(key, addressKey).subarray(0, 16).toString('base64url');

/**
 * Random ids for tokens, 12 bytes each, cut from a block filled at once: every page served mints one, and a
 * `randomBytes` call per id was a fifth of a cached page's own CPU.
 */
const ID_BYTES = 12;
const idBlock = Buffer.alloc(ID_BYTES * 256);
let idAt = idBlock.length;
function randomId(): string {
  if (idAt + ID_BYTES > idBlock.length) {
    randomFillSync(idBlock);
    idAt = 0;
  }
  idAt += ID_BYTES;
  return idBlock.toString('base64url', idAt - ID_BYTES, idAt);
}

/**
 * Page-load tokens (decision 0046): the gateway mints one for each page document it serves, HMAC-signed, naming a
 * random id, the time, the visitor's bucket and the versions served; the measurements endpoint counts a browser's
 * measurement only with a valid one. `secret` gives the key every gateway shares (RUM_TOKEN_KEY, or one kept in the
 * database); it is asked for once, again only after it failed.
 */
export function pageTokens(secret: () => Promise<Buffer>) {
  let keys: Promise<Keys> | undefined;
  const ready = () =>
    (keys ??= secret().then(derive, (error: unknown) => {
      keys = undefined;
      throw error;
    }));

  return {
    /**
     * A token for a page served now with `pointer` to a visitor in `bucket`, from `network` (client-ip.ts
     * `networkKey`): its measurements count only when sent from that network (decision 0076).
     */
    async mint(pointer: RemotePointer, bucket: number | undefined, network: string, now = Date.now()): Promise<string> {
      const { sign, address } = await ready();
      const versions = Object.fromEntries(Object.entries(pointer.remotes).map(([name, e]) => [name, e!.version]));
      const claims = { i: randomId(), t: now, b: bucket ?? null, v: versions, n: hash(address, network) };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(sign, payload).toString('base64url')}`;
    },

    /** The claims of a token this gateway (or one sharing its key) minted within the last hour. */
    async verify(token: string, now = Date.now()): Promise<TokenCheck> {
      const { sign } = await ready();
      const dot = token.indexOf('.');
      if (dot < 1) return { ok: false, reason: 'invalid-token' };
      const payload = token.slice(0, dot);
      // The signature's exact text, not whatever a lenient decoder makes of it: one token, one spelling.
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(sign, payload).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid-token' };
      let parsed;
      try {
        parsed = ClaimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return { ok: false, reason: 'invalid-token' };
      }
      if (!parsed.success) return { ok: false, reason: 'invalid-token' };
      const { i, t, b, v, n } = parsed.data;
      if (t > now + CLOCK_SKEW_MS || now - t > PAGE_TOKEN_TTL_MS) return { ok: false, reason: 'expired-token' };
      return { ok: true, claims: { id: i, issuedAt: t, bucket: b, versions: v, network: n } };
    },

    /**
     * A keyed hash of a client address key (client-ip.ts `addressKey`): tells addresses apart without storing
     * any. 16 bytes: collisions are no concern at any number of visitors.
     */
    async addressHash(addressKey: string): Promise<string> {
      const { address } = await ready();
      return hash(address, addressKey);
    },
  };
}
export type PageTokens = ReturnType<typeof pageTokens>;
