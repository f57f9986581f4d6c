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

/** An IPv4 address, also when written IPv4-mapped (`::ffff:1.2.3.4`); null for anything else. */
function ipv4Of(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  return isIPv4(mapped) ? mapped : null;
}

/** An IPv6 address's first `groups` 16-bit groups, without leading zeros, as `a:b:c::/<bits>`. */
function ipv6Prefix(address: string, groups: number): string {
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const all = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${all
    .slice(0, groups)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/${groups * 16}`;
}

/**
 * The unit a per-address limit counts: an IPv4 address (also when written IPv4-mapped, `::ffff:1.2.3.4`), or an
 * IPv6 address's /64 network. One subscriber gets a whole /64 and can change address within it at will, so
 * counting single IPv6 addresses would limit nobody.
 */
export function addressKey(address: string): string {
  const v4 = ipv4Of(address);
  if (v4) return v4;
  return isIPv6(address) ? ipv6Prefix(address, 4) : address;
}

/**
 * The unit release evidence counts a client by (decision 0076): an IPv4 address, or an IPv6 address's /48. A /48 is
 * what one site or subscriber is commonly delegated (a /56 at least), so all of one client's /64s are one client.
 */
export function clientKey(address: string): string {
  const v4 = ipv4Of(address);
  if (v4) return v4;
  return isIPv6(address) ? ipv6Prefix(address, 3) : address;
}

/**
 * The network an address is in, for limits that must hold against a neighbourhood of addresses (decision 0081) and
 * for release evidence (decision 0076: distinct failing networks, a page token's network): an IPv4 address's /24 and
 * an IPv6 address's /48, what one site or subscriber is typically given. Anyone can take another address in their
 * own /24 or /48 at will; another network costs them far more.
 */
export function networkKey(address: string): string {
  const key = addressKey(address);
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(key);
  if (v4 && isIPv4(key)) return `${v4[1]}.0/24`;
  if (!key.endsWith('::/64')) return key;
  return `${key.split(':').slice(0, 3).join(':')}::/48`;
}
