import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';

/**
 * A local stand-in for the parts of Google that client reports use (decision 0093), answering with the documented
 * request and response shapes: OAuth 2 (authorize with a consent page, token with PKCE, refresh, revoke), the GA4 Admin
 * API's account summaries, the GA4 Data API's runReport, and Search Console's sites list and searchAnalytics.query.
 * Each figure is a pure function of (property or site, day), so a test computes what the gateway should have stored.
 * `fail` queues recorded error answers (quota exceeded, invalid grant, a 503) for the next calls of one API.
 */

export const STAND_IN_CLIENT = { id: 'agency-client.apps.googleusercontent.com', secret: 'stand-in-secret' };
export const REPORT_SCOPES = [
  'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/webmasters.readonly',
];

export type StandInApi = 'token' | 'accountSummaries' | 'sites' | 'runReport' | 'searchAnalytics' | 'revoke';

/** Recorded error answers of Google's APIs, as they arrive on the wire. */
export const RECORDED = {
  quotaExceeded: {
    status: 429,
    body: {
      error: {
        code: 429,
        message: 'Exhausted property tokens per day for this property.',
        status: 'RESOURCE_EXHAUSTED',
      },
    },
  },
  searchQuotaExceeded: {
    status: 429,
    body: {
      error: {
        code: 429,
        message: 'Search Analytics load quota exceeded. Please try again later.',
        errors: [{ message: 'Search Analytics load quota exceeded.', domain: 'usageLimits', reason: 'quotaExceeded' }],
        status: 'RESOURCE_EXHAUSTED',
      },
    },
  },
  invalidGrant: {
    status: 400,
    body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
  },
  backendError: {
    status: 503,
    body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
  },
} as const;

export interface StandInProperty {
  id: string;
  name: string;
  account: string;
}

interface Grant {
  refreshToken: string;
  scopes: string[];
  revoked: boolean;
}

/** A deterministic whole number in [min, max) from a key, so figures are the same for every reader. */
export function figureOf(key: string, min: number, max: number): number {
  const n = createHash('sha256').update(key).digest().readUInt32BE(0);
  return min + (n % (max - min));
}

/** The GA4 figures of one property and day (YYYY-MM-DD), by default channel group. */
export function ga4Day(property: string, day: string) {
  const organic = figureOf(`${property}/${day}/organic`, 20, 400);
  const paid = figureOf(`${property}/${day}/paid`, 0, 150);
  const direct = figureOf(`${property}/${day}/direct`, 5, 120);
  const channels = [
    { group: 'Organic Search', sessions: organic },
    { group: 'Paid Search', sessions: paid },
    { group: 'Direct', sessions: direct },
  ];
  return channels.map((c) => ({
    ...c,
    totalUsers: Math.round(c.sessions * 0.8),
    keyEvents: figureOf(`${property}/${day}/${c.group}/events`, 0, Math.max(1, Math.floor(c.sessions / 10))),
  }));
}

/** Search Console's figures of one site and day: the day's totals, and its queries and pages. */
export function searchDay(site: string, day: string) {
  const ranked = (kind: string, keys: string[]) =>
    keys.map((key) => {
      const impressions = figureOf(`${site}/${day}/${key}/i`, 50, 2000);
      const clicks = figureOf(`${site}/${day}/${key}/c`, 0, Math.floor(impressions / 8));
      return {
        keys: [key],
        clicks,
        impressions,
        ctr: clicks / impressions,
        position: figureOf(`${site}/${day}/${kind}/${key}/p`, 10, 300) / 10,
      };
    });
  const queries = ranked('q', ['hamilton web design', 'seo waikato', 'social media agency nz', 'google ads help']);
  const pages = ranked('p', [`${siteOrigin(site)}/`, `${siteOrigin(site)}/services`, `${siteOrigin(site)}/contact`]);
  const clicks = queries.reduce((s, r) => s + r.clicks, 0);
  const impressions = queries.reduce((s, r) => s + r.impressions, 0);
  const position = queries.reduce((s, r) => s + r.position * r.impressions, 0) / impressions;
  return { total: { clicks, impressions, ctr: clicks / impressions, position }, queries, pages };
}

const siteOrigin = (site: string) =>
  site.startsWith('sc-domain:') ? `https://${site.slice('sc-domain:'.length)}` : site.replace(/\/$/, '');

const compact = (day: string) => day.replaceAll('-', '');

function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export interface GoogleStandIn {
  /** The stand-in's origin: every GOOGLE_*_URL points here (see `env`). */
  url: string;
  /** GOOGLE_* variables for a gateway using this stand-in. */
  env: Record<string, string>;
  properties: StandInProperty[];
  sites: string[];
  /** Every API call received, in order (method, path without query, the bearer's grant, the JSON body). */
  requests: { api: StandInApi | 'authorize'; path: string; body: unknown }[];
  /** The next `times` calls of `api` answer `answer` (a RECORDED example or any status and body). */
  fail(api: StandInApi, answer: { status: number; body: unknown }, times?: number): void;
  /** Drops the failures still queued (of one API, or all): for an answer a client retried an unknown number of times. */
  clearFailures(api?: StandInApi): void;
  /** The consent page denies the next round trip (`error=access_denied`). */
  denyNext(): void;
  /** Days after this one (YYYY-MM-DD) are missing from both data APIs' answers: partial data. */
  dataUntil: string | undefined;
  /** Refresh tokens issued, and whether each was revoked. */
  grants: Grant[];
  /**
   * A grant as if a staff member had made the round trip and allowed it (both read-only scopes): its refresh token,
   * for tests that store a connection without a browser.
   */
  issueGrant(): string;
  stop(): Promise<void>;
}

export async function startGoogleStandIn({
  properties = [
    { id: 'properties/312000111', name: 'Client site (GA4)', account: 'accounts/90001' },
    { id: 'properties/312000222', name: 'Client shop (GA4)', account: 'accounts/90001' },
  ],
  sites = ['sc-domain:client.example.nz', 'https://shop.client.example.nz/'],
}: { properties?: StandInProperty[]; sites?: string[] } = {}): Promise<GoogleStandIn> {
  const failures = new Map<StandInApi, { status: number; body: unknown }[]>();
  const codes = new Map<string, { challenge: string; redirectUri: string; scopes: string[] }>();
  const accessTokens = new Map<string, { grant: Grant; expires: number }>();
  let deny = false;
  const app = new Hono();

  const failing = (c: Context, api: StandInApi) => {
    const queued = failures.get(api)?.shift();
    return queued ? c.json(queued.body as object, queued.status as 400) : undefined;
  };
  const bearer = (c: Context): Grant | undefined => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const held = token ? accessTokens.get(token) : undefined;
    return held && held.expires > Date.now() && !held.grant.revoked ? held.grant : undefined;
  };
  const unauthenticated = (c: Context) =>
    c.json(
      {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      },
      401,
    );
  const record = (api: StandInApi | 'authorize', c: Context, body: unknown) =>
    standIn.requests.push({ api, path: new URL(c.req.url).pathname, body });

  // A browser showing the consent page asks for its icon: answered, so the page logs no 404.
  app.get('/favicon.ico', (c) => c.body(null, 204));

  // The consent page: the staff member picks "Allow" or "Cancel", as on Google's own.
  app.get('/o/oauth2/v2/auth', (c) => {
    const q = c.req.query();
    record('authorize', c, q);
    const problems = [
      q.client_id !== STAND_IN_CLIENT.id && 'client_id',
      q.response_type !== 'code' && 'response_type',
      !q.redirect_uri && 'redirect_uri',
      !q.state && 'state',
      q.code_challenge_method !== 'S256' && 'code_challenge_method',
      !REPORT_SCOPES.every((s) => (q.scope ?? '').split(' ').includes(s)) && 'scope',
      q.access_type !== 'offline' && 'access_type',
    ].filter(Boolean);
    if (problems.length) return c.text(`Error 400: invalid_request (${problems.join(', ')})`, 400);
    const back = new URL(q.redirect_uri!);
    back.searchParams.set('state', q.state!);
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
      return c.html(consentPage(back.href, back.href));
    }
    const code = `4/${randomBytes(16).toString('base64url')}`;
    codes.set(code, { challenge: q.code_challenge!, redirectUri: q.redirect_uri!, scopes: q.scope!.split(' ') });
    const allow = new URL(back);
    allow.searchParams.set('code', code);
    allow.searchParams.set('scope', q.scope!);
    const cancel = new URL(back);
    cancel.searchParams.set('error', 'access_denied');
    return c.html(consentPage(allow.href, cancel.href));
  });

  app.post('/token', async (c) => {
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    record('token', c, { grant_type: form.grant_type });
    const failed = failing(c, 'token');
    if (failed) return failed;
    if (form.client_id !== STAND_IN_CLIENT.id || form.client_secret !== STAND_IN_CLIENT.secret) {
      return c.json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' }, 401);
    }
    const issue = (grant: Grant, withRefresh: boolean) => {
      const access = `ya29.${randomBytes(18).toString('base64url')}`;
      accessTokens.set(access, { grant, expires: Date.now() + 3_600_000 });
      return c.json({
        access_token: access,
        expires_in: 3599,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
        ...(withRefresh ? { refresh_token: grant.refreshToken } : {}),
      });
    };
    if (form.grant_type === 'authorization_code') {
      const held = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (!held || held.redirectUri !== form.redirect_uri || held.challenge !== challenge) {
        return c.json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
      }
      const grant = {
        refreshToken: `1//${randomBytes(24).toString('base64url')}`,
        scopes: held.scopes,
        revoked: false,
      };
      standIn.grants.push(grant);
      return issue(grant, true);
    }
    if (form.grant_type === 'refresh_token') {
      const grant = standIn.grants.find((g) => g.refreshToken === form.refresh_token);
      if (!grant || grant.revoked) return c.json(RECORDED.invalidGrant.body, 400);
      return issue(grant, false);
    }
    return c.json({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }, 400);
  });

  app.post('/revoke', async (c) => {
    const token = c.req.query('token') ?? new URLSearchParams(await c.req.text()).get('token') ?? '';
    record('revoke', c, {});
    const failed = failing(c, 'revoke');
    if (failed) return failed;
    const grant = standIn.grants.find((g) => g.refreshToken === token) ?? accessTokens.get(token)?.grant ?? undefined;
    if (!grant || grant.revoked) return c.json({ error: 'invalid_token', error_description: 'Bad Request' }, 400);
    grant.revoked = true;
    return c.json({});
  });

  app.get('/v1beta/accountSummaries', (c) => {
    record('accountSummaries', c, {});
    if (!bearer(c)) return unauthenticated(c);
    const failed = failing(c, 'accountSummaries');
    if (failed) return failed;
    const accounts = [...new Set(properties.map((p) => p.account))];
    return c.json({
      accountSummaries: accounts.map((account) => ({
        name: `accountSummaries/${account.split('/')[1]}`,
        account,
        displayName: 'Client account',
        propertySummaries: properties
          .filter((p) => p.account === account)
          .map((p) => ({
            property: p.id,
            displayName: p.name,
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            parent: account,
          })),
      })),
    });
  });

  app.get('/webmasters/v3/sites', (c) => {
    record('sites', c, {});
    if (!bearer(c)) return unauthenticated(c);
    const failed = failing(c, 'sites');
    if (failed) return failed;
    return c.json({ siteEntry: sites.map((siteUrl) => ({ siteUrl, permissionLevel: 'siteFullUser' })) });
  });

  // POST /v1beta/properties/{id}:runReport
  app.post('/v1beta/*', async (c) => {
    const match = /^\/v1beta\/(properties\/\d+):runReport$/.exec(new URL(c.req.url).pathname);
    if (!match) return c.json({ error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }, 404);
    const body = (await c.req.json()) as {
      dateRanges: { startDate: string; endDate: string }[];
      dimensions?: { name: string }[];
      metrics?: { name: string }[];
    };
    record('runReport', c, body);
    if (!bearer(c)) return unauthenticated(c);
    const failed = failing(c, 'runReport');
    if (failed) return failed;
    const property = match[1]!;
    if (!properties.some((p) => p.id === property)) {
      return c.json(
        {
          error: {
            code: 403,
            message: 'User does not have sufficient permissions for this property.',
            status: 'PERMISSION_DENIED',
          },
        },
        403,
      );
    }
    const range = body.dateRanges[0]!;
    const metricNames = (body.metrics ?? []).map((m) => m.name);
    const dimensionNames = (body.dimensions ?? []).map((d) => d.name);
    const rows = daysFrom(range.startDate, range.endDate)
      .filter((day) => !standIn.dataUntil || day <= standIn.dataUntil)
      .flatMap((day) =>
        ga4Day(property, day).map((channel) => ({
          dimensionValues: dimensionNames.map((name) => ({
            value: name === 'date' ? compact(day) : name === 'sessionDefaultChannelGroup' ? channel.group : '(not set)',
          })),
          metricValues: metricNames.map((name) => ({
            value: String(channel[name as 'sessions' | 'totalUsers' | 'keyEvents'] ?? 0),
          })),
        })),
      );
    return c.json({
      dimensionHeaders: dimensionNames.map((name) => ({ name })),
      metricHeaders: metricNames.map((name) => ({ name, type: 'TYPE_INTEGER' })),
      ...(rows.length ? { rows } : {}),
      rowCount: rows.length,
      metadata: { currencyCode: 'NZD', timeZone: 'Pacific/Auckland' },
      kind: 'analyticsData#runReport',
    });
  });

  // POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query
  app.post('/webmasters/v3/sites/:site/searchAnalytics/query', async (c) => {
    const site = c.req.param('site');
    const body = (await c.req.json()) as {
      startDate: string;
      endDate: string;
      dimensions?: string[];
      rowLimit?: number;
    };
    record('searchAnalytics', c, { site, ...body });
    if (!bearer(c)) return unauthenticated(c);
    const failed = failing(c, 'searchAnalytics');
    if (failed) return failed;
    if (!sites.includes(site)) {
      return c.json(
        {
          error: {
            code: 403,
            message: `User does not have sufficient permission for site '${site}'.`,
            status: 'PERMISSION_DENIED',
          },
        },
        403,
      );
    }
    const days = daysFrom(body.startDate, body.endDate).filter((day) => !standIn.dataUntil || day <= standIn.dataUntil);
    const dimensions = body.dimensions ?? [];
    const rows = days.flatMap((day) => {
      const figures = searchDay(site, day);
      if (dimensions.length === 0 || (dimensions.length === 1 && dimensions[0] === 'date')) {
        return [{ keys: dimensions.length ? [day] : [], ...figures.total }];
      }
      const byKind = dimensions.includes('query') ? figures.queries : figures.pages;
      return byKind.map((r) => ({ ...r, keys: dimensions.includes('date') ? [day, r.keys[0]!] : r.keys }));
    });
    const limited = rows.slice(0, body.rowLimit ?? 1000);
    return c.json({ ...(limited.length ? { rows: limited } : {}), responseAggregationType: 'byProperty' });
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: GoogleStandIn = {
    url,
    env: {
      GOOGLE_CLIENT_ID: STAND_IN_CLIENT.id,
      GOOGLE_CLIENT_SECRET: STAND_IN_CLIENT.secret,
      GOOGLE_TOKEN_KEY: randomBytes(32).toString('base64'),
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_REVOKE_URL: `${url}/revoke`,
      GOOGLE_ANALYTICS_ADMIN_URL: url,
      GOOGLE_ANALYTICS_DATA_URL: url,
      GOOGLE_SEARCH_CONSOLE_URL: url,
    },
    properties,
    sites,
    requests: [],
    fail(api, answer, times = 1) {
      const queue = failures.get(api) ?? [];
      for (let i = 0; i < times; i++) queue.push(answer);
      failures.set(api, queue);
    },
    clearFailures(api) {
      if (api) failures.delete(api);
      else failures.clear();
    },
    denyNext() {
      deny = true;
    },
    dataUntil: undefined,
    grants: [],
    issueGrant() {
      const grant = {
        refreshToken: `1//${randomBytes(24).toString('base64url')}`,
        scopes: [...REPORT_SCOPES],
        revoked: false,
      };
      standIn.grants.push(grant);
      return grant.refreshToken;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

function consentPage(allow: string, cancel: string) {
  const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head>
<body><main><h1>Agency Reports wants to access your Google Account</h1>
<p>See and download your Google Analytics data. View Search Console data for your verified sites.</p>
<a href="${attr(cancel)}">Cancel</a> <a href="${attr(allow)}">Allow</a></main></body></html>`;
}
