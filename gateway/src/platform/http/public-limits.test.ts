import { sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationRequests, contactInquiries, conversionEvents, outbox, quotes, users } from '../db';
import { addressKey, clientKey, networkKey } from './client-ip';
import { browser } from '../../../test/auth-client';
import { fromPeer, setupApp } from '../../../test/helpers';

/**
 * Per-address limits on every public write (decision 0020), kept in the database: leads 20 an hour (enquiries,
 * consultations and the three kinds of quote together), registrations 10, conversion events 60, remote-load
 * failure reports 30, discount checks 30.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({ TRUSTED_PROXIES: '10.0.0.2' });
});
afterAll(() => t.cleanup());

const rows = async (table: SQLiteTable) => (await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n;

const enquiry = (i: number) => ({
  businessName: `Limit Co ${i}`,
  contactName: 'Aroha',
  contactEmail: 'aroha@example.nz',
  servicesInterested: ['seo'],
});
const consultation = {
  businessName: 'Limit Co',
  contactName: 'Aroha',
  email: 'aroha@example.nz',
  phone: '021 555 0101',
  currentChallenge: 'Not enough calls',
};
const websiteQuote = { websitePackage: 'landingPage', email: 'aroha@example.nz', name: 'Aroha', phone: '021 555 0101' };
const customQuote = {
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'aroha@example.nz',
  businessName: 'Limit Co',
  quoteDetails: {
    websitePackage: 'landingPage',
    calculation: { monthlyTotal: 0, oneTimeTotal: 0, gstAmount: 0, totalWithGst: 0, monthlyTotalWithGst: 0 },
  },
};
const socialQuote = {
  firstName: 'Aroha',
  email: 'aroha@example.nz',
  quoteDetails: {
    services: { platforms: 1, staticPosts: '3', carouselPosts: 'none', videoPosts: 'none', optimization: 0 },
    calculation: {},
  },
};

function expectLimited(res: { status: number; headers: Headers; json: Record<string, unknown> }, window: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(window);
  expect(res.json.message).toMatch(/Please try again in \d+ (minutes?|hours?)/);
}

describe('lead forms', () => {
  it('take 20 leads an hour from one address, of every kind together; the 21st is a 429 and stores nothing', async () => {
    const visitor = browser(t.app, undefined, '203.0.113.50');
    const kinds: [string, unknown][] = [
      ['/api/contact-inquiry', enquiry(0)],
      ['/api/submit-consultation', consultation],
      ['/api/website-quote', websiteQuote],
      ['/api/submit-quote', customQuote],
      ['/api/submit-quote', socialQuote],
    ];
    for (let i = 0; i < 20; i++) {
      const [path, body] = kinds[i % kinds.length]!;
      const res = await visitor.post(path, body);
      expect(res.status, `${path} #${i}: ${res.text}`).toBeLessThan(300);
    }
    const before = await Promise.all([contactInquiries, consultationRequests, quotes, outbox].map(rows));
    for (const [path, body] of kinds) {
      const res = await visitor.post(path, body);
      expectLimited(res, 3600);
      expect(res.json.message).toContain('We have received a lot of requests from your network');
    }
    expect(await Promise.all([contactInquiries, consultationRequests, quotes, outbox].map(rows))).toEqual(before);
    // Another visitor is not affected.
    expect((await browser(t.app, undefined, '203.0.113.51').post('/api/contact-inquiry', enquiry(1))).status).toBe(201);
  });

  it('do not count invalid submissions, which do no work', async () => {
    const visitor = browser(t.app, undefined, '203.0.113.52');
    for (let i = 0; i < 30; i++)
      expect((await visitor.post('/api/contact-inquiry', { businessName: '' })).status).toBe(400);
    expect((await visitor.post('/api/contact-inquiry', enquiry(2))).status).toBe(201);
  });

  it('count a burst atomically: of 50 enquiries sent at once from one address, exactly 20 are stored', async () => {
    const before = await rows(contactInquiries);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        browser(t.app, undefined, '203.0.113.53').post('/api/contact-inquiry', enquiry(i)),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
    expect((await rows(contactInquiries)) - before).toBe(20);
  });

  it('count each visitor behind a trusted proxy by the address it reports, and ignore the header from anyone else', async () => {
    const viaProxy = (client: string) =>
      t.app.request(
        '/api/contact-inquiry',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify(enquiry(3)),
        },
        fromPeer('10.0.0.2'),
      );
    for (let i = 0; i < 20; i++) expect((await viaProxy('198.51.100.60')).status).toBe(201);
    expect((await viaProxy('198.51.100.60')).status).toBe(429);
    expect((await viaProxy('198.51.100.61')).status).toBe(201);
    // A direct client cannot pick its own address with the header.
    const direct = browser(t.app, undefined, '203.0.113.54');
    for (let i = 0; i < 20; i++)
      expect(
        (await direct.post('/api/contact-inquiry', enquiry(4), { 'x-forwarded-for': `192.0.2.${i}` })).status,
      ).toBe(201);
    expect((await direct.post('/api/contact-inquiry', enquiry(4), { 'x-forwarded-for': '192.0.2.200' })).status).toBe(
      429,
    );
  });

  it('count an IPv6 visitor by its /64, since the rest of the address is theirs to change', async () => {
    for (let i = 0; i < 20; i++)
      expect(
        (
          await browser(t.app, undefined, `2001:db8:5:7::${(i + 1).toString(16)}`).post(
            '/api/contact-inquiry',
            enquiry(i),
          )
        ).status,
      ).toBe(201);
    expect(
      (await browser(t.app, undefined, '2001:db8:5:7:ffff::1').post('/api/contact-inquiry', enquiry(5))).status,
    ).toBe(429);
    expect((await browser(t.app, undefined, '2001:db8:5:8::1').post('/api/contact-inquiry', enquiry(6))).status).toBe(
      201,
    );
  });
});

describe('other public writes', () => {
  it('registration: 10 accounts an hour from one address, counted before the password is hashed', async () => {
    const visitor = (i: number) =>
      browser(t.app, undefined, '203.0.113.70').post('/api/register', {
        username: `limited${i}`,
        email: `limited${i}@example.nz`,
        password: 'Kahikatea#2025',
      });
    for (let i = 0; i < 10; i++) expect((await visitor(i)).status).toBe(201);
    const usersBefore = await rows(users);
    const refused = await visitor(10);
    expectLimited(refused, 3600);
    expect(refused.json.message).toContain('Too many accounts have been created from your network');
    expect(await rows(users)).toBe(usersBefore);
  });

  it('conversion events: 60 an hour from one address', async () => {
    const visitor = browser(t.app, undefined, '203.0.113.71');
    const event = { eventType: 'lead', userData: { email: 'lee@example.nz' } };
    for (let i = 0; i < 60; i++) expect((await visitor.post('/api/conversions/track-event', event)).status).toBe(201);
    const before = await rows(conversionEvents);
    expectLimited(await visitor.post('/api/conversions/track-event', event), 3600);
    expect(await rows(conversionEvents)).toBe(before);
  });

  it('remote-load failure reports: 30 an hour from one address', async () => {
    const visitor = browser(t.app, undefined, '203.0.113.72');
    for (let i = 0; i < 30; i++)
      expect((await visitor.post('/api/telemetry/remote-load-failure', { remote: 'quoting' })).status).toBe(204);
    expectLimited(await visitor.post('/api/telemetry/remote-load-failure', { remote: 'quoting' }), 3600);
  });

  it('discount code checks: 30 an hour from one address, so codes cannot be guessed by the thousand', async () => {
    const visitor = browser(t.app, undefined, '203.0.113.73');
    for (let i = 0; i < 30; i++)
      expect([200, 404]).toContain((await visitor.post('/api/discount-codes/validate', { code: `GUESS${i}` })).status);
    expectLimited(await visitor.post('/api/discount-codes/validate', { code: 'NEWCLIENT10' }), 3600);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:5:7::1', '2001:db8:5:7::/64'],
    ['2001:0db8:0005:0007:abcd:ef01:2345:6789', '2001:db8:5:7::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe('clientKey and networkKey (release evidence)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:5:7::1', '2001:db8:5::/48', '2001:db8:5::/48'],
    ['2001:0db8:0005:ff07:abcd:ef01:2345:6789', '2001:db8:5::/48', '2001:db8:5::/48'],
    ['2001:db8::1', '2001:db8:0::/48', '2001:db8:0::/48'],
    ['unknown', 'unknown', 'unknown'],
  ])('%s is client %s in network %s', (address, client, network) => {
    expect(clientKey(address)).toBe(client);
    expect(networkKey(address)).toBe(network);
  });
});
