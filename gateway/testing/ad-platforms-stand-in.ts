import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * A local stand-in for the ad platforms' server-side endpoints (decision 0095), answering with their documented
 * shapes: Meta's Conversions API (`POST /vNN.N/<pixel>/events`: `{events_received, messages, fbtrace_id}`, or a 400
 * OAuthException for a wrong token or an event older than 7 days) and GA4's Measurement Protocol (`/mp/collect`:
 * 204 always, as GA4 does; `/debug/mp/collect`: its `validationMessages`). Every request is recorded, body and all,
 * so a test reads what the gateway sent. `outage(n)` answers 503 to the next n requests of either platform.
 */

export const STAND_IN_META = { pixelId: '123456789012345', token: `EAAB${'x'.repeat(40)}` };
export const STAND_IN_GA4 = { measurementId: 'G-STANDIN1', apiSecret: 'stand-in-api-secret' };

export interface RecordedRequest {
  platform: 'meta' | 'ga4';
  path: string;
  /** The query string's values (GA4's measurement id and API secret). */
  query: Record<string, string>;
  body: unknown;
  /** The body as it came, for checks of what must never be in it. */
  raw: string;
  status: number;
}

export interface AdPlatformsStandIn {
  url: string;
  /** The gateway's META_* and GA4_* variables pointing here. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** The next `times` requests (either platform, validation included) answer 503. */
  outage(times: number): void;
  /** Validation messages the next `/debug/mp/collect` answers with (then none again). */
  invalidGa4(messages: { fieldPath: string; description: string; validationCode: string }[]): void;
  clear(): void;
  stop(): Promise<void>;
}

const META_WINDOW_S = 7 * 24 * 60 * 60;
const metaError = (message: string, userMessage: string) => ({
  error: {
    message,
    type: 'OAuthException',
    code: 100,
    error_subcode: 2804003,
    is_transient: false,
    error_user_title: 'Event rejected',
    error_user_msg: userMessage,
    fbtrace_id: randomBytes(8).toString('base64url'),
  },
});

export async function startAdPlatformsStandIn(): Promise<AdPlatformsStandIn> {
  let down = 0;
  let nextValidation: { fieldPath: string; description: string; validationCode: string }[] = [];
  const requests: RecordedRequest[] = [];
  const app = new Hono();

  app.use(async (c, next) => {
    const raw = await c.req.raw.clone().text();
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // Left as text: the test sees what came.
    }
    const entry: RecordedRequest = {
      platform: c.req.path.includes('/mp/') ? 'ga4' : 'meta',
      path: c.req.path,
      query: c.req.query(),
      body,
      raw,
      status: 0,
    };
    requests.push(entry);
    if (down > 0) {
      down--;
      entry.status = 503;
      return c.json({ error: { message: 'Service temporarily unavailable', code: 2, is_transient: true } }, 503);
    }
    await next();
    entry.status = c.res.status;
  });

  app.post('/:version/:pixel/events', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { data?: { event_time?: number }[]; access_token?: string };
    if (c.req.param('pixel') !== STAND_IN_META.pixelId || body.access_token !== STAND_IN_META.token)
      return c.json(
        metaError('Invalid OAuth access token - Cannot parse access token', 'The access token is not valid.'),
        400,
      );
    const events = Array.isArray(body.data) ? body.data : [];
    const now = Math.floor(Date.now() / 1000);
    if (events.some((e) => typeof e.event_time !== 'number' || now - e.event_time > META_WINDOW_S))
      return c.json(
        metaError(
          'Invalid parameter',
          'The timestamp for this event is too far in the past. Events need to be logged within 7 days of when they occurred.',
        ),
        400,
      );
    return c.json({ events_received: events.length, messages: [], fbtrace_id: randomBytes(8).toString('base64url') });
  });

  app.post('/mp/collect', (c) => c.body(null, 204));
  app.post('/debug/mp/collect', (c) => {
    const validationMessages = nextValidation;
    nextValidation = [];
    return c.json({ validationMessages });
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      META_PIXEL_ID: STAND_IN_META.pixelId,
      META_CAPI_TOKEN: STAND_IN_META.token,
      META_CAPI_URL: url,
      GA4_MEASUREMENT_ID: STAND_IN_GA4.measurementId,
      GA4_API_SECRET: STAND_IN_GA4.apiSecret,
      GA4_MP_URL: url,
    },
    requests,
    outage(times) {
      down = times;
    },
    invalidGa4(messages) {
      nextValidation = messages;
    },
    clear() {
      requests.length = 0;
      down = 0;
      nextValidation = [];
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
