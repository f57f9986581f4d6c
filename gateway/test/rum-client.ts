import { RELEASE_BUCKET_COOKIE, RUM_TOKEN_TIMING } from '@agency/contracts';
import { fromPeer, type setupApp } from './helpers';

type TestApp = Awaited<ReturnType<typeof setupApp>>;

/** Where a request comes from: a direct peer, or a client behind the trusted proxy 127.0.0.1 (X-Forwarded-For). */
export interface Visitor {
  address: string;
  viaProxy?: boolean;
  bucket?: number;
}

const origin = ({ address, viaProxy }: Visitor): { headers: Record<string, string>; bindings: object } =>
  viaProxy
    ? { headers: { 'x-forwarded-for': address }, bindings: fromPeer('127.0.0.1') }
    : { headers: {}, bindings: fromPeer(address) };

const cookieOf = (bucket: number | undefined): Record<string, string> =>
  bucket === undefined ? {} : { cookie: `${RELEASE_BUCKET_COOKIE}=${bucket}` };

/** The measurement token a page answer carries (`Server-Timing: rum;desc="..."`), if any. */
export const tokenOf = (res: Response): string | undefined =>
  new RegExp(`(?:^|,\\s*)${RUM_TOKEN_TIMING};desc="([^"]*)"`).exec(res.headers.get('server-timing') ?? '')?.[1];

/** One page load, as a browser (or an attacker) gets it: the page's token for this visitor. */
export async function pageToken(t: TestApp, visitor: Visitor, path = '/price-calculator'): Promise<string> {
  const { headers, bindings } = origin(visitor);
  const res = await t.app.request(path, { headers: { ...headers, ...cookieOf(visitor.bucket) } }, bindings);
  await res.arrayBuffer();
  return tokenOf(res) ?? '';
}

/** A beacon from `visitor` (with their bucket cookie) carrying `token`. */
export async function beacon(t: TestApp, visitor: Visitor, token: string | undefined, events: unknown[]) {
  const { headers, bindings } = origin(visitor);
  return t.app.request(
    '/api/telemetry/rum',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...cookieOf(visitor.bucket) },
      body: JSON.stringify({ token, events }),
    },
    bindings,
  );
}

/** A page load and its measurements, sent as the shell sends them. */
export async function visit(t: TestApp, visitor: Visitor, events: unknown[]) {
  return beacon(t, visitor, await pageToken(t, visitor), events);
}

/** A number from /metrics (0 when the series is absent). */
export async function metric(t: TestApp, series: string): Promise<number> {
  const text = await (await t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
