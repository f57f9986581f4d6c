/**
 * Decision 0081: a person's copy and erasure find them by their address as an address of its own, never as part of
 * another. anna@waipa.co is the tail of joanna@waipa.co and the head of anna@waipa.co.nz: the copy of anna's data
 * holds nothing of theirs, and erasing anna leaves everything of theirs. Through the API, with real leads, e-mails,
 * website events and rate-limit counters made as visitors make them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../../testing/read-zip';
import { outbox, privacyRequests } from '../../platform/db';
import { heldFor } from './held';
import { mentionsAddress } from './mentions';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

const ANNA = 'anna@waipa.co';
/** Addresses that hold anna's as a part: she is their tail, or their head. */
const OTHERS = ['joanna@waipa.co', 'anna@waipa.co.nz', 'hanna@waipa.co.nz'];
const PHONE: Record<string, string> = {
  [ANNA]: '021 555 0101',
  'joanna@waipa.co': '021 555 0202',
  'anna@waipa.co.nz': '021 555 0303',
  'hanna@waipa.co.nz': '021 555 0404',
};
const NAME: Record<string, string> = {
  [ANNA]: 'Anna',
  'joanna@waipa.co': 'Joanna',
  'anna@waipa.co.nz': 'Annabel',
  'hanna@waipa.co.nz': 'Hanna',
};
const nameOf = (email: string) => NAME[email]!;

describe('the address as a token', () => {
  it('finds an address standing alone, in any case, and never inside a longer one', () => {
    for (const text of [
      'From anna@waipa.co.',
      'Anna <ANNA@Waipa.Co> wrote',
      "Reply to 'anna@waipa.co' please",
      'anna@waipa.co',
      '(anna@waipa.co), thanks',
      'mailto:anna@waipa.co?subject=hi',
    ])
      expect(mentionsAddress(text, ANNA), text).toBe(true);
    for (const text of [
      'From joanna@waipa.co.',
      'anna@waipa.co.nz wrote',
      "o'anna@waipa.co",
      'x.anna@waipa.co',
      'anna@waipa.com',
      'anna@waipa.co-op.nz',
      '',
    ])
      expect(mentionsAddress(text, ANNA), text).toBe(false);
  });
});

describe("anna's copy and erasure", () => {
  let t: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    t = await setupApp({ NOTIFY_EMAIL: 'team@agency.test' });
  });
  afterAll(() => t.cleanup());

  let visitors = 0;
  const visitor = () => browser(t.app, undefined, `203.0.${113 + Math.floor(++visitors / 200)}.${visitors % 200}`);

  /** What a visitor with this address leaves: an enquiry (its notice to the team names them), an audio sign-up, a website event. */
  async function visit(email: string) {
    const name = nameOf(email);
    const b = visitor();
    const enquiry = await b.post('/api/contact-inquiry', {
      businessName: `${name} Cafe`,
      contactName: name,
      contactEmail: email,
      contactPhone: PHONE[email],
      comments: `Call ${name} about the menu`,
      servicesInterested: ['seo'],
    });
    expect(enquiry.status).toBe(201);
    expect((await b.post('/api/opt-in', { firstName: name, email })).status).toBe(201);
    const event = await b.post('/api/conversions/track-event', {
      eventType: 'lead',
      userData: { email, firstName: name, phone: PHONE[email] },
      customData: { formType: 'enquiry' },
    });
    expect(event.status).toBe(201);
  }

  /** How many rows each place holds of an address. */
  const footprint = async (email: string) =>
    Object.fromEntries([...(await heldFor(t.db, email)).rows].map(([p, r]) => [`${p.table}/${p.match.by}`, r.length]));

  it('exports nothing of the others, erases nothing of theirs, and leaves nothing of hers', async () => {
    for (const email of [ANNA, ...OTHERS]) await visit(email);
    // The team's own notes, written as people write them.
    await t.db.insert(outbox).values([
      { channel: 'email', to: 'team@agency.test', subject: 'Call back', text: `Ring ANNA@WAIPA.CO.` },
      {
        channel: 'email',
        to: 'team@agency.test',
        subject: 'Call back',
        text: `Ring joanna@waipa.co and anna@waipa.co.nz.`,
      },
    ]);
    const [request] = await t.db
      .insert(privacyRequests)
      .values({ email: ANNA, kind: 'access', status: 'open', confirmedAt: new Date(), dueAt: new Date() })
      .returning();
    const before = Object.fromEntries(await Promise.all(OTHERS.map(async (o) => [o, await footprint(o)] as const)));
    for (const other of OTHERS) expect(before[other]!['outbox/mention']).toBeGreaterThanOrEqual(2);

    const staff = await signedIn(t.app, t.db, 'admin', 'privacy-officer');
    const cookie = [...staff.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.request(`/api/admin/privacy-requests/${request!.id}/export.zip`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const files = readZip(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual(
      [
        'about-this-copy.txt',
        'audio-sign-ups.csv',
        'emails.csv',
        'enquiries.csv',
        'privacy-requests.csv',
        'website-events.csv',
      ].sort(),
    );
    const everything = [...files.values()].join('\n');
    expect(everything).toContain(PHONE[ANNA]);
    expect(everything).toContain('Ring ANNA@WAIPA.CO.');
    for (const other of OTHERS) {
      expect(everything).not.toContain(other);
      expect(everything).not.toContain(PHONE[other]);
      expect(everything).not.toContain(`${nameOf(other)} Cafe`);
    }

    const erased = await staff.b.post(`/api/admin/privacy-requests/${request!.id}/erase`);
    expect(erased.status).toBe(200);
    expect(erased.json.message).toMatch(
      /^Erased 2 lead\(s\), \d+ e-mail\(s\), 0 file\(s\) and \d+ other record\(s\)\.$/,
    );
    for (const other of OTHERS) expect(await footprint(other)).toEqual(before[other]);
    // Nothing of anna is left but her open request (closing it is what tells her); the counters of the others, which
    // hold her address as a part, stay.
    const left = await footprint(ANNA);
    for (const [place, n] of Object.entries(left)) expect(n, place).toBe(place === 'privacy_requests/address' ? 1 : 0);
    const counters = await t.db.all<{ key: string }>(sql`select key from rate_limits where key like '%anna@waipa.co%'`);
    expect(counters.map((c) => c.key).some((k) => k.split(':').includes(ANNA))).toBe(false);
    expect(counters.length).toBeGreaterThan(0);
  });
});
