/**
 * Decision 0081: a person who asks for a copy and then for deletion, or asks again after a link ran out, gets each
 * e-mail; the page's limits are per recipient (3 e-mails a day) and per network (an IPv4 /24 or IPv6 /48, 10 requests
 * an hour), so a flood from many networks neither closes the page for anyone else nor mails one stranger more than
 * three times a day. Through a real SMTP server.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, privacyRequests } from '../../platform/db';
import { networkKey } from '../../platform/http/client-ip';
import { browser } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

const SAME = /^Thank you\. We have sent a confirmation link to that address\./;
const ask = (from: string, email: string, kind = 'access') =>
  browser(t.app, undefined, from).post('/api/privacy-requests', { email, kind });
const mailsTo = async (email: string) => {
  await t.mailer.idle();
  return smtp.received.filter((m) => m.to.includes(email)).length;
};

describe('privacy request limits', () => {
  it('counts networks as an IPv4 /24 and an IPv6 /48', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkKey('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
    expect(networkKey('2001:0db8:1234:ffff:1:2:3:4')).toBe('2001:db8:1234::/48');
  });

  it('mails a second request of another kind, and a repeat after its link ran out, up to three a day', async () => {
    const email = 'rangi.twice@example.nz';
    expect((await ask('192.0.2.10', email, 'access')).json.message).toMatch(SAME);
    expect((await ask('192.0.2.10', email, 'deletion')).json.message).toMatch(SAME);
    expect(await mailsTo(email)).toBe(2);
    // The copy's link ran out unused (a day and more); asking again sends a new one.
    await t.db
      .update(privacyRequests)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(privacyRequests.email, email), eq(privacyRequests.kind, 'access')));
    expect((await ask('192.0.2.10', email, 'access')).json.message).toMatch(SAME);
    expect(await mailsTo(email)).toBe(3);
    // One request per address and kind: the expired one was replaced, not kept beside the new one.
    expect(await t.db.$count(privacyRequests, eq(privacyRequests.email, email))).toBe(2);
    // A fourth the same day is answered the same, and neither stored nor sent.
    expect((await ask('192.0.2.10', email, 'correction')).json.message).toMatch(SAME);
    expect(await mailsTo(email)).toBe(3);
    expect(await t.db.$count(privacyRequests, eq(privacyRequests.email, email))).toBe(2);
  });

  it('a flood from 101 networks closes the page for nobody and mails one stranger at most three times', async () => {
    // Without a mail server: each e-mail stays in the outbox, where it is counted (the test above delivers them).
    const quiet = await setupApp();
    const ask = (from: string, email: string) =>
      browser(quiet.app, undefined, from).post('/api/privacy-requests', { email, kind: 'access' });
    const mailsTo = (email: string) => quiet.db.$count(outbox, eq(outbox.to, email));
    const network = (n: number) => `100.${64 + Math.floor(n / 200)}.${n % 200}.9`;
    const answers: number[] = [];
    // 505 requests: five from each of 101 networks, all networks at once, to addresses nobody owns; each network's
    // first goes to the same stranger.
    for (let i = 0; i < 5; i++) {
      const round = await Promise.all(
        Array.from({ length: 101 }, (_, n) =>
          ask(network(n), i === 0 ? 'stranger@example.nz' : `flood-${n}-${i}@example.nz`),
        ),
      );
      answers.push(...round.map((r) => r.status));
    }
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    expect(await mailsTo('stranger@example.nz')).toBe(3);
    // Someone else, from another network, still asks and gets their link.
    const person = await ask('198.51.100.44', 'aroha.after.flood@example.nz');
    expect(person.status).toBe(200);
    expect(await mailsTo('aroha.after.flood@example.nz')).toBe(1);
    // One network's many addresses are one network: its eleventh request in the hour is refused, from any of them.
    for (let i = 0; i < 10; i++) expect((await ask(`203.0.113.${i + 1}`, `n${i}@example.nz`)).status).toBe(200);
    const refused = await ask('203.0.113.250', 'n10@example.nz');
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(
      /^We have received several requests from your network\. Please try again in \d+ minutes, or write to /,
    );
    // As for an IPv6 /48, whatever /64 inside it the requests come from.
    for (let i = 0; i < 10; i++) expect((await ask(`2001:db8:77:${i}::1`, `v6-${i}@example.nz`)).status).toBe(200);
    expect((await ask('2001:db8:77:ffff::9', 'v6-10@example.nz')).status).toBe(429);
    expect(await quiet.db.$count(outbox, sql`${outbox.to} like 'flood-%'`)).toBe(404);
    await quiet.cleanup();
  });
});
