import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationRequests, contactInquiries, conversionEvents, outbox, optInLeads } from '../../platform/db';
import { fromPeer, setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  // An operator's audio file (REAL_TALK_AUDIO_URL); without one, the audio waits for staff's upload (real-talk-audio.test.ts).
  t = await setupApp({ NOTIFY_EMAIL: 'leads@agency.test', REAL_TALK_AUDIO_URL: '/media/real-talk.mp3' });
});
afterAll(() => t.cleanup());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const count = async (table: SQLiteTable) => (await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n ?? 0;

const enquiry = {
  businessName: '  Kiwi Plumbing  ',
  contactName: 'Aroha Ngata',
  contactEmail: 'Aroha@Example.co.nz',
  contactPhone: '021 555 0101',
  industry: 'Trades',
  servicesInterested: ['website_design', 'seo'],
  comments: 'Need more calls',
  howDidYouHear: 'Google',
};

describe('POST /api/contact-inquiry', () => {
  it('stores the enquiry with status new, queues the agency notification, and answers 201', async () => {
    const res = await post('/api/contact-inquiry', enquiry);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; id: number };
    expect(body).toMatchObject({ success: true, id: expect.any(Number) });
    const [row] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, body.id));
    expect(row).toMatchObject({
      businessName: 'Kiwi Plumbing',
      contactEmail: 'aroha@example.co.nz',
      servicesInterested: ['website_design', 'seo'],
      preferredContactMethod: 'email',
      status: 'new',
    });
    const mail = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `New enquiry #${body.id}: Kiwi Plumbing`));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'leads@agency.test', status: 'pending' });
    expect(mail[0]?.text).toContain('Website Design, SEO Optimization');
  });

  it('names each lead by its own id when many arrive at once, whatever the business name holds', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Concurrent ${i} \u{E000} Ltd`);
    const answers = await Promise.all(
      names.map((businessName) => post('/api/contact-inquiry', { ...enquiry, businessName })),
    );
    const ids = await Promise.all(answers.map(async (res) => ((await res.json()) as { id: number }).id));
    for (const [i, id] of ids.entries()) {
      const mail = await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, `New enquiry #${id}: ${names[i]}`));
      expect(mail).toHaveLength(1);
    }
  });

  it.each([
    ['businessName', { businessName: ' ' }, 'Business name is required'],
    ['contactName', { contactName: undefined }, 'Contact name is required'],
    ['contactEmail', { contactEmail: '' }, 'Email is required'],
    ['contactEmail', { contactEmail: 'not-an-email' }, 'Please enter a valid email'],
    ['servicesInterested', { servicesInterested: [] }, 'Please select at least one service'],
    ['preferredContactMethod', { preferredContactMethod: 'pigeon' }, 'Preferred contact method must be email or phone'],
    ['comments', { comments: 'x'.repeat(5001) }, 'The comments must be at most 5000 characters.'],
  ])('rejects a bad %s with 400 naming it in a sentence, storing nothing', async (field, patch, message) => {
    const before = await count(contactInquiries);
    const res = await post('/api/contact-inquiry', { ...enquiry, ...patch });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors[field]).toBe(message);
    // The message is the sentence a form shows as it is: no field key in front of it.
    expect(body.message).toBe(message);
    expect(await count(contactInquiries)).toBe(before);
  });
});

describe('request hygiene on every lead endpoint', () => {
  const endpoints = [
    '/api/contact-inquiry',
    '/api/submit-consultation',
    '/api/opt-in',
    '/api/website-quote',
    '/api/submit-quote',
    '/api/conversions/track-event',
    '/api/discount-codes/validate',
  ];

  it.each(endpoints)('%s: malformed JSON is 400', async (path) => {
    const res = await post(path, '{"businessName": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  it.each(endpoints)('%s: a form post is 415', async (path) => {
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(res.status).toBe(415);
  });

  it.each(endpoints)('%s: a body over 64 KiB is 413', async (path) => {
    const res = await post(path, { comments: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it.each(endpoints)('%s: an empty or non-object body is 400, never 500', async (path) => {
    for (const body of ['null', '[]', '"text"', '42', '{}']) {
      const res = await post(path, body);
      expect(res.status, `${path} ${body}`).toBe(400);
    }
  });
});

describe('body limit over real HTTP (declared length and chunked)', () => {
  let url: string;
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/contact-inquiry`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const chunked = (text: string) =>
    new ReadableStream({
      start(controller) {
        for (let i = 0; i < text.length; i += 8192)
          controller.enqueue(new TextEncoder().encode(text.slice(i, i + 8192)));
        controller.close();
      },
    });
  const send = (body: string, stream: boolean) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream ? chunked(body) : body,
      ...(stream ? { duplex: 'half' } : {}),
    } as RequestInit);

  it.each([
    ['with a declared length', false],
    ['chunked', true],
  ])('%s: stores a lead, and refuses a body over 64 KiB with 413 and nothing stored', async (_label, stream) => {
    const before = await count(contactInquiries);
    const ok = await send(JSON.stringify(enquiry), stream);
    expect(ok.status).toBe(201);
    const big = await send(JSON.stringify({ ...enquiry, comments: 'x'.repeat(70 * 1024) }), stream);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'Request body is larger than 64 KiB' });
    expect(await count(contactInquiries)).toBe(before + 1);
  });
});

describe('POST /api/submit-consultation', () => {
  const valid = {
    businessName: 'Cambridge Cafe',
    contactName: 'Jo',
    email: 'jo@cafe.nz',
    phone: '07 827 1234',
    businessType: 'hospitality',
    currentChallenge: 'Quiet weekdays',
    goals: 'More bookings',
    timeline: 'asap',
    service: 'social-media-management',
    serviceRequested: 'Social Media Management',
    submittedAt: '2026-11-22T01:02:03.000Z',
  };

  it('stores the request and answers 201', async () => {
    const res = await post('/api/submit-consultation', valid);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.db.select().from(consultationRequests).where(eq(consultationRequests.id, id));
    expect(row).toMatchObject({
      businessName: 'Cambridge Cafe',
      timeline: 'asap',
      status: 'new',
      submittedAt: valid.submittedAt,
    });
  });

  it.each(['businessName', 'contactName', 'email', 'phone', 'currentChallenge'])('requires %s', async (field) => {
    const res = await post('/api/submit-consultation', { ...valid, [field]: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors[field]).toBeTruthy();
  });

  it('rejects an unknown business type', async () => {
    const res = await post('/api/submit-consultation', { ...valid, businessType: 'pirates' });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/opt-in', () => {
  it('stores the sign-up and queues the audio for the visitor and a note for the agency', async () => {
    const res = await post('/api/opt-in', {
      firstName: 'Mere',
      email: 'mere@example.nz',
      leadMagnet: 'real-talk-audio',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.db.select().from(optInLeads).where(eq(optInLeads.id, id));
    expect(row).toMatchObject({ firstName: 'Mere', email: 'mere@example.nz', leadMagnet: 'real-talk-audio' });
    const toVisitor = await t.db.select().from(outbox).where(eq(outbox.to, 'mere@example.nz'));
    expect(toVisitor[0]?.text).toContain('http://localhost:8787/media/real-talk.mp3');
    expect(toVisitor[0]?.text).toContain('http://localhost:8787/real-talk-thank-you');
    expect((await t.db.select().from(optInLeads).where(eq(optInLeads.id, id)))[0]?.audioSentAt).toBeInstanceOf(Date);
  });

  it.each([
    [{ firstName: '', email: 'a@b.nz' }, 'firstName', 'First name is required'],
    [{ firstName: 'A', email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ firstName: 'A', email: 'a@b.nz', leadMagnet: 'other' }, 'leadMagnet', 'leadMagnet must be real-talk-audio'],
  ])('rejects %j', async (body, field, message) => {
    const res = await post('/api/opt-in', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors[field]).toBe(message);
  });
});

describe('opt-in throttling (the audio goes to any address it is given)', () => {
  let s: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    s = await setupApp();
  });
  afterAll(() => s.cleanup());

  const from = (ip: string, path: string, body: unknown) =>
    s.app.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      fromPeer(ip),
    );
  const rowsFor = async (email: string) =>
    (await s.db.select().from(optInLeads).where(eq(optInLeads.email, email))).length;
  const mailTo = async (email: string) => (await s.db.select().from(outbox).where(eq(outbox.to, email))).length;

  it('one network gets 10 sign-ups an hour; the next is refused with a 429 and Retry-After, and nothing is stored or sent', async () => {
    for (let i = 0; i < 10; i++)
      expect(
        (await from('198.51.100.7', '/api/opt-in', { firstName: 'Tama', email: `tama${i}@example.nz` })).status,
      ).toBe(201);
    const res = await from('198.51.100.7', '/api/opt-in', { firstName: 'Tama', email: 'tama10@example.nz' });
    expect(res.status).toBe(429);
    // Like every limit's refusal, it says when to come back.
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Too many sign-ups from your network\. Please try again in \d+ minutes\.$/,
    );
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await rowsFor('tama10@example.nz')).toBe(0);
    expect(await mailTo('tama10@example.nz')).toBe(0);
    // Another network is not affected, and neither are the other lead forms.
    expect((await from('198.51.100.8', '/api/opt-in', { firstName: 'Tama', email: 'tama10@example.nz' })).status).toBe(
      201,
    );
    const enquiry = {
      businessName: 'Busy Co',
      contactName: 'Tama',
      contactEmail: 'tama@example.nz',
      servicesInterested: ['seo'],
    };
    expect((await from('198.51.100.7', '/api/contact-inquiry', enquiry)).status).toBe(201);
  });

  it('one e-mail address gets the audio 3 times a day, whichever network asks', async () => {
    const ips = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    for (const [i, email] of ['hone@example.nz', 'Hone@Example.nz', 'HONE@example.nz'].entries()) {
      expect((await from(ips[i]!, '/api/opt-in', { firstName: 'Hone', email })).status).toBe(201);
    }
    const res = await from(ips[3]!, '/api/opt-in', { firstName: 'Hone', email: 'hone@example.nz' });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toContain('check your inbox');
    expect(await mailTo('hone@example.nz')).toBe(3); // the schema lower-cases addresses: three sends, not a fourth
  });
});

describe('POST /api/conversions/track-event', () => {
  it('stores the event', async () => {
    const res = await post('/api/conversions/track-event', {
      eventType: 'lead',
      userData: { email: 'lead@example.nz', firstName: 'Lee' },
      customData: { contentName: 'Custom Quote Request', value: 4758.7, formType: 'quote' },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.db.select().from(conversionEvents).where(eq(conversionEvents.id, id));
    expect(row).toMatchObject({
      eventType: 'lead',
      customData: { contentName: 'Custom Quote Request', value: 4758.7 },
    });
  });

  it('rejects an unknown event type', async () => {
    const res = await post('/api/conversions/track-event', { eventType: 'purchase', userData: { email: 'a@b.nz' } });
    expect(res.status).toBe(400);
  });
});
