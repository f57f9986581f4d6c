import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/db';
import { webhookSignature } from '../../platform/webhook/webhook';
import { openMessaging } from '../../platform/messaging';
import { backoffMs } from '../../platform/outbox/retry';
import { createLogger } from '../../platform/logger';
import { setupApp } from '../../../test/helpers';

const SECRET = 'webhook-secret-for-tests';

interface Hit {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A receiver on loopback that answers each POST with the next status of `plan` (then 200). */
async function receiver() {
  const hits: Hit[] = [];
  const plan: (number | 'hang')[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ headers: req.headers, body, at: Date.now() });
      const next = plan.shift() ?? 200;
      if (next === 'hang') return; // never answers: the gateway's timeout must end it
      if (next >= 300 && next < 400) res.setHeader('Location', 'http://169.254.169.254/latest/meta-data/');
      res.writeHead(next).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hits,
    plan,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let rx: Awaited<ReturnType<typeof receiver>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  rx = await receiver();
  t = await setupApp({ LEAD_WEBHOOK_URL: rx.url, LEAD_WEBHOOK_SECRET: SECRET, NOTIFY_EMAIL: 'team@agency.test' });
});
afterAll(async () => {
  await rx.close();
  await t.cleanup();
});

const enquiry = {
  businessName: 'Hook Ltd',
  contactName: 'Aroha',
  contactEmail: 'aroha@example.nz',
  servicesInterested: ['seo'],
};

async function submit() {
  const res = await t.app.request('/api/contact-inquiry', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(enquiry),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const noticeOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.leadId, id)))[0]!;

/** As if the backoff's wait were over: the notice is due now. */
const skipWait = async (id: number) =>
  (await t.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.leadId, id)).returning())[0];

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('lead webhook', () => {
  it('POSTs a new lead at once, as Slack/Teams text with the link, signed with HMAC-SHA256 over timestamp.body', async () => {
    const before = rx.hits.length;
    const id = await submit();
    await until(
      async () => rx.hits.length,
      (n) => n > before,
    );
    const hit = rx.hits.at(-1)!;
    const body = JSON.parse(hit.body) as { text: string; event: string; lead: { id: number; link: string } };
    expect(body.event).toBe('lead.created');
    expect(body.text).toMatch(
      new RegExp(`^New enquiry #${id} from Hook Ltd\\. Follow up by .+ <http://[^|]+\\|Open lead #${id}>$`),
    );
    expect(body.lead.link).toBe(`${t.env.publicConfig.portalOrigin}/dashboard?lead=enquiry-${id}`);
    // No contact details leave in the notice.
    expect(hit.body).not.toContain('aroha@example.nz');
    const timestamp = Number(hit.headers['x-agency-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(hit.headers['x-agency-signature']).toBe(webhookSignature(SECRET, timestamp, hit.body));
    expect(hit.headers['x-agency-signature']).not.toBe(
      webhookSignature('another-secret-entirely', timestamp, hit.body),
    );
    const stored = await until(
      () => noticeOf(id),
      (n) => n.status === 'sent',
    );
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('retries a failure with exponential backoff, treats a redirect as a failure, and gives up after the limit', async () => {
    // The app's own webhook tries once at capture; this one's rounds do the retries, with a short backoff.
    const webhook = openMessaging({
      db: t.db,
      logger: createLogger('silent'),
      mail: { smtpUrl: undefined, from: 'x@agency.test' },
      leadWebhook: { url: rx.url, secret: SECRET },
      retry: { firstDelayMs: 150, maxDelayMs: 1_000, maxAttempts: 4 },
      webhookTimeoutMs: 500,
    }).outbox;
    rx.plan.push(500, 302, 'hang', 503);
    const start = rx.hits.length;
    const id = await submit();
    let notice = await until(
      () => noticeOf(id),
      (n) => n.attempts === 1,
    );
    expect(notice).toMatchObject({ status: 'pending', lastError: 'the receiver answered 500' });
    // The app's own webhook waits the default 30 seconds before the second try; here that wait is skipped.
    expect(notice.nextAttemptAt.getTime() - rx.hits.at(-1)!.at).toBeGreaterThanOrEqual(29_000);
    notice = (await skipWait(id))!;
    for (let attempt = 2; attempt <= 4; attempt++) {
      // Not due yet: a round now sends nothing (the first time round it is due at once).
      if (attempt > 2) expect(await webhook.deliverDue()).toBe(0);
      const due = notice.nextAttemptAt.getTime();
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 10));
      await webhook.deliverDue();
      notice = await noticeOf(id);
      expect(notice.attempts).toBe(attempt);
    }
    expect(notice.status).toBe('dead');
    expect(notice.lastError).toBe('the receiver answered 503');
    const tries = rx.hits.slice(start);
    expect(tries).toHaveLength(4);
    // Gaps between the retries grow: 300 ms after the 2nd failure, then 600 after the 3rd (which hung until the
    // 500 ms timeout).
    const gaps = tries.slice(2).map((h, i) => h.at - tries[i + 1]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(300);
    expect(gaps[1]).toBeGreaterThanOrEqual(600 + 500 - 50);
    expect(backoffMs(1, { firstDelayMs: 150, maxDelayMs: 1_000 })).toBe(150);
    expect(backoffMs(5, { firstDelayMs: 150, maxDelayMs: 1_000 })).toBe(1_000);
    // The redirect to a private address was not followed: only the hook's own path was ever asked.
    expect(tries.every((h) => h.body.includes(`"id":${id}`))).toBe(true);
  });

  it('never sends one try twice when two gateways run a round at once', async () => {
    const make = () =>
      openMessaging({
        db: t.db,
        logger: createLogger('silent'),
        mail: { smtpUrl: undefined, from: 'x@agency.test' },
        leadWebhook: { url: rx.url, secret: SECRET },
        retry: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 8 },
      }).outbox;
    rx.plan.push(500);
    const id = await submit();
    await until(
      () => noticeOf(id),
      (n) => n.attempts === 1,
    );
    await skipWait(id);
    const before = rx.hits.length;
    await Promise.all([make().deliverDue(), make().deliverDue(), make().deliverDue()]);
    expect(rx.hits.length - before).toBe(1);
    expect(await noticeOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
