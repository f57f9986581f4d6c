/**
 * Decision 0082: every marketing e-mail (the audio sign-up's) carries an unsubscribe link and the RFC 8058 headers;
 * the link's page asks (GET) and unsubscribes (POST, one-click) at once; the unsubscribe is recorded, shown on the
 * lead's timeline and honoured by every later send. Transactional mail carries neither and still reaches the person.
 * Through a real SMTP server, reading the headers as a mail program does.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataAuditView as dataAudit, outbox, optInLeads } from '../../platform/db';
import { unsubscribes } from './unsubscribe';
import { browser, signedIn } from '../../../test/auth-client';
import { fromPeer, setupApp } from '../../../test/helpers';
import { headersOf, startSmtp, textOf } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
const ORIGIN = 'https://beloud.example';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({
    SMTP_URL: smtp.url,
    PUBLIC_ORIGIN: ORIGIN,
    NOTIFY_EMAIL: 'team@agency.test',
    REAL_TALK_AUDIO_URL: 'https://media.example/real-talk.mp3',
  });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

let addresses = 0;
/** A new visitor address each time, so no per-address limit is in the way. */
const visitor = () => browser(t.app, undefined, `198.51.${100 + Math.floor(++addresses / 250)}.${addresses % 250}`);
const mailsTo = async (address: string) => {
  await t.mailer.idle();
  return smtp.received.filter((m) => m.to.includes(address));
};
/** A request to the page itself (not under /api), from a client address. */
const pageRequest = (url: string, init: RequestInit = {}) =>
  t.app.request(url.replace(ORIGIN, ''), init, fromPeer('203.0.113.9'));

describe('unsubscribing from marketing e-mail', () => {
  it('the audio e-mail carries the link and one-click headers; GET asks, POST unsubscribes, later sends honour it', async () => {
    const email = 'aroha.listener@example.nz';
    expect((await visitor().post('/api/opt-in', { firstName: 'Aroha', email })).status).toBe(201);
    const [welcome] = await mailsTo(email);
    const headers = headersOf(welcome!.raw);
    const link = /^<(https:\/\/beloud\.example\/unsubscribe\?token=[A-Za-z0-9_.-]+)>$/.exec(
      headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeTruthy();
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(textOf(welcome!.raw)).toContain(link);

    // A mail scanner's or a preview's GET changes nothing: it shows the question and the button.
    const asked = await pageRequest(link!);
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain(email);
    expect(page).toMatch(/<form method="post">[\s\S]*<button type="submit">Unsubscribe<\/button>/);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect(await unsubscribes(t.db, ORIGIN).hasLeft(email)).toBe(false);

    // The mail program's one-click POST (RFC 8058): no cookie, no Origin, the form body it always sends.
    const left = await pageRequest(link!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    expect(await left.text()).toContain('You are unsubscribed');
    expect(await unsubscribes(t.db, ORIGIN).hasLeft(email)).toBe(true);
    const audits = await t.db.select().from(dataAudit).where(eq(dataAudit.action, 'unsubscribe'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(email);

    // Shown on the lead's timeline.
    const [lead] = await t.db.select().from(optInLeads).where(eq(optInLeads.email, email));
    const staff = await signedIn(t.app, t.db, 'admin', 'timelinereader');
    const timeline = await staff.b.get(`/api/admin/leads/optin/${lead!.id}/timeline`);
    expect(timeline.json).toEqual([
      expect.objectContaining({
        kind: 'unsubscribed',
        userName: 'the recipient',
        text: expect.stringMatching(/one click/),
      }),
    ]);
    // Again: nothing is recorded twice.
    await pageRequest(link!, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(await t.db.$count(dataAudit, eq(dataAudit.action, 'unsubscribe'))).toBe(1);

    // A later sign-up of the same address (anyone may type it) is stored and told to the team, but not mailed.
    smtp.received.length = 0;
    expect(
      (await visitor().post('/api/opt-in', { firstName: 'Aroha', email: 'Aroha.Listener@example.nz' })).status,
    ).toBe(201);
    expect(await mailsTo(email)).toEqual([]);
    const [team] = await mailsTo('team@agency.test');
    expect(textOf(team!.raw)).toContain('unsubscribed from our marketing e-mail before');

    // Transactional mail (the copy of an enquiry the person sends) has no unsubscribe and still reaches them.
    await visitor().post('/api/contact-inquiry', {
      businessName: 'Aroha Audio',
      contactName: 'Aroha',
      contactEmail: email,
      servicesInterested: ['seo'],
    });
    const [copy] = await mailsTo(email);
    expect(copy).toBeDefined();
    expect(headersOf(copy!.raw).has('list-unsubscribe')).toBe(false);
  });

  it('the link page unsubscribes from its button, and marketing mail still waiting to go is not sent', async () => {
    const email = 'tui.waiting@example.nz';
    const leaving = unsubscribes(t.db, ORIGIN);
    // Two messages to the address still in the outbox (the mail server was down): one marketing, one transactional.
    const [marketing] = await t.db
      .insert(outbox)
      .values({
        channel: 'email',
        to: email,
        subject: 'Your free Real Talk audio is here',
        text: 'x',
        headers: { 'List-Unsubscribe': `<${await leaving.url(email)}>` },
        status: 'pending',
        attempts: 1,
      })
      .returning();
    const [reply] = await t.db
      .insert(outbox)
      .values({ channel: 'email', to: email, subject: 'Your quote', text: 'y', status: 'pending', attempts: 1 })
      .returning();
    const link = await leaving.url(email);
    const left = await pageRequest(link, {
      method: 'POST',
      headers: { origin: ORIGIN, 'sec-fetch-mode': 'navigate', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    expect(await t.db.$count(outbox, eq(outbox.id, marketing!.id))).toBe(0);
    expect(await t.db.$count(outbox, eq(outbox.id, reply!.id))).toBe(1);
    const audits = await t.db.select().from(dataAudit).where(eq(dataAudit.action, 'unsubscribe'));
    expect(audits.map((a) => a.detail)).toContainEqual(expect.stringMatching(/^Unsubscribed .* on the page/));
    // The page now says so on a GET too.
    expect(await (await pageRequest(link)).text()).toContain('You are unsubscribed');
  });

  it('refuses a link it did not make, or one whose address was changed', async () => {
    const link = await unsubscribes(t.db, ORIGIN).url('kiri@example.nz');
    const token = new URL(link).searchParams.get('token')!;
    const [, sig] = token.split('.');
    const other = `${Buffer.from('someone.else@example.nz').toString('base64url')}.${sig}`;
    for (const bad of [`${ORIGIN}/unsubscribe?token=${other}`, `${ORIGIN}/unsubscribe`, `${link}x`]) {
      const get = await pageRequest(bad);
      expect(get.status).toBe(400);
      expect(await get.text()).toContain('This link does not work');
      expect((await pageRequest(bad, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(400);
    }
    expect(await unsubscribes(t.db, ORIGIN).hasLeft('someone.else@example.nz')).toBe(false);
  });
});
