import { isIPv4, isIPv6 } from 'node:net';
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

/**
 * The unit a per-address limit counts: an IPv4 address (also when written IPv4-mapped, `::ffff:1.2.3.4`), or an
 * IPv6 address's /64 network. One subscriber gets a whole /64 and can change address within it at will, so
 * counting single IPv6 addresses would limit nobody.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
