import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The direct peer's address; in-process requests (tests) have no socket. */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The caller's address for rate limits. `X-Forwarded-For` is believed only when the direct peer is one of the
 * configured proxies; then the right-most address that is not a proxy is the client.
 */
export function clientIp(c: Context, trustedProxies: ReadonlySet<string>): string {
  const peer = peerAddress(c) ?? 'unknown';
  if (!trustedProxies.has(peer)) return peer;
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) if (!trustedProxies.has(chain[i]!)) return chain[i]!;
  return peer;
}
