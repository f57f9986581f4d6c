import { lookup } from 'node:dns';
import { Agent, fetch as undiciFetch, type RequestInit as FetchInit } from 'undici';

// A module of its own, apart from start-gateway.ts: a test that only fetches from the portal starts no process and
// stays in the unit tier (test/tiers.ts).

/**
 * Chromium sends every `*.localhost` name to loopback by itself; Node's resolver (glibc, /etc/hosts) knows `localhost`
 * alone. This agent does what Chromium does, so tests reach the portal at `http://portal.localhost:<port>`.
 */
const loopback = new Agent({
  connect: {
    lookup: (host, options, callback) => {
      if (!host.endsWith('.localhost')) return lookup(host, options, callback);
      if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }] as never, 4);
      return callback(null, '127.0.0.1', 4);
    },
  },
});

/** `fetch` that reaches `*.localhost` origins (the portal's) as a browser does. */
export const localFetch = (url: string, init?: FetchInit) => undiciFetch(url, { ...init, dispatcher: loopback });

/**
 * The portal's origin of a gateway a test started at `http://127.0.0.1:<port>` (decision 0077): the same process under
 * the name `portal.localhost` (the default PORTAL_ORIGIN's host beside the default public `localhost`). Sign-in,
 * sessions and personal data are answered there only; reach it with `localFetch`.
 */
export const portalOf = (url: string) => url.replace('//127.0.0.1:', '//portal.localhost:');
