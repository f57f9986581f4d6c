import dns from 'node:dns';

/**
 * Chromium sends every `*.localhost` name to loopback by itself, so the portal's origin in these tests,
 * `http://portal.localhost:<port>` (decision 0077), needs no DNS for the browser. The tests' own requests (Playwright's
 * `request`, `page.request`, `fetch`) resolve names with Node, whose resolver knows `localhost` alone: in the test
 * processes, `*.localhost` is loopback too. Imported for its effect by the fixtures.
 */
const LOOPBACK = { address: '127.0.0.1', family: 4 } as const;
const isLoopbackName = (host: unknown) => typeof host === 'string' && host.toLowerCase().endsWith('.localhost');

type LookupOptions = { all?: boolean } | number | undefined;
const wantsAll = (options: LookupOptions) => typeof options === 'object' && options !== null && options.all === true;

const promised = dns.promises.lookup.bind(dns.promises);
dns.promises.lookup = (async (host: string, options?: LookupOptions) =>
  isLoopbackName(host)
    ? wantsAll(options)
      ? [LOOPBACK]
      : LOOPBACK
    : promised(host, options as dns.LookupOptions)) as typeof dns.promises.lookup;

const callback = dns.lookup.bind(dns);
dns.lookup = ((host: string, options: unknown, done?: unknown) => {
  const cb = (typeof options === 'function' ? options : done) as (...args: unknown[]) => void;
  if (!isLoopbackName(host)) return callback(host, options as dns.LookupOptions, done as never);
  const all = typeof options === 'object' && wantsAll(options as LookupOptions);
  process.nextTick(() => (all ? cb(null, [LOOPBACK]) : cb(null, LOOPBACK.address, LOOPBACK.family)));
}) as typeof dns.lookup;
