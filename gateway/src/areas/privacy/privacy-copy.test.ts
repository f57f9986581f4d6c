/**
 * Decision 0081: a request for a copy is answered to the person. Staff send it (one call, from the Privacy tab); the
 * person's e-mail holds a link; the link downloads their readable copy (a cover note and labelled CSVs in New Zealand
 * time) for a week and ten downloads, then refuses. Every step is audited. Through a real SMTP server.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../../testing/read-zip';
import { dataAuditView as dataAudit, privacyCopies, privacyRequests } from '../../platform/db';
import { PRIVACY_COPY_LINK as PRIVACY_COPY } from '@agency/contracts';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { headersOf, startSmtp, textOf } from '../../../test/smtp';

const ORIGIN = 'https://beloud.example';
// The copy is personal data: its link is the portal's (decision 0077).
const PORTAL = 'https://portal.beloud.example';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: ORIGIN, NOTIFY_EMAIL: 'team@agency.test' });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

const mailsTo = async (email: string) => {
  await t.mailer.idle();
  return smtp.received.filter((m) => m.to.includes(email));
};

/** A person's confirmed request, made as they make it: the form, then the e-mailed link. */
async function confirmedRequest(email: string, kind: 'access' | 'deletion') {
  const person = browser(t.app);
  expect((await person.post('/api/privacy-requests', { email, kind })).status).toBe(200);
  const mail = (await mailsTo(email)).at(-1)!;
  const token = /privacy-request\?token=([A-Za-z0-9_-]+)/.exec(textOf(mail.raw))![1];
  expect((await person.post('/api/privacy-requests/confirm', { token })).status).toBe(200);
  const [row] = await t.db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.email, email), eq(privacyRequests.kind, kind)));
  return row!.id;
}

/** Opens the link as a browser does from an e-mail. */
const open = (link: string) =>
  t.app.request(link.replace(PORTAL, ''), { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

describe("a person's copy of their data", () => {
  it('is e-mailed as a link that downloads it for a week and ten downloads, then refuses', async () => {
    const email = 'mere.copy@example.nz';
    const enquiry = await browser(t.app).post('/api/contact-inquiry', {
      businessName: 'Mere Kai',
      contactName: 'Mere',
      contactEmail: email,
      contactPhone: '021 555 0777',
      servicesInterested: ['seo'],
    });
    expect(enquiry.status).toBe(201);
    const id = await confirmedRequest(email, 'access');

    const client = await signedIn(t.app, t.db, 'client', 'nosy-client');
    expect((await client.b.post(`/api/admin/privacy-requests/${id}/send-copy`)).status).toBe(403);
    const staff = await signedIn(t.app, t.db, 'admin', 'privacy-sender');
    const sent = await staff.b.post(`/api/admin/privacy-requests/${id}/send-copy`);
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ id, status: 'done', outcome: expect.stringMatching(/^We e-mailed you a link/) });
    const days = (Date.parse(sent.json.copyExpiresAt as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mail = (await mailsTo(email)).at(-1)!;
    expect(headersOf(mail.raw).get('subject')).toBe('Your personal information from Be Loud Digital');
    // Transactional: it answers their own request, so no unsubscribe (decision 0082).
    expect(headersOf(mail.raw).has('list-unsubscribe')).toBe(false);
    const link = /(https:\/\/portal\.beloud\.example\/api\/privacy-copies\/[A-Za-z0-9_-]{43})/.exec(
      textOf(mail.raw),
    )?.[1];
    expect(link).toBeTruthy();

    const download = await open(link!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    const files = readZip(Buffer.from(await download.arrayBuffer()));
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(['about-this-copy.txt', 'enquiries.csv', 'emails.csv', 'privacy-requests.csv']),
    );
    const note = files.get('about-this-copy.txt')!;
    expect(note).toContain(`Privacy request #${id} for ${email}`);
    expect(note).toMatch(/enquiries\.csv: Enquiries sent from our website \(1\)/);
    const [header, row] = files
      .get('enquiries.csv')!
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(header).toContain('Business,Contact,Email,Phone');
    expect(header).not.toContain('contactEmail');
    expect(row).toContain('Mere Kai,Mere,mere.copy@example.nz,021 555 0777');
    expect(row).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} NZ[DS]T/);

    // Ten downloads in all; the eleventh is refused.
    for (let i = 2; i <= PRIVACY_COPY.downloads; i++) expect((await open(link!)).status).toBe(200);
    const used = await open(link!);
    expect(used.status).toBe(410);
    expect(await used.text()).toContain('This link no longer works');

    // And a link past its week refuses, to a browser as a page and to a program as JSON.
    await t.db.update(privacyCopies).set({ downloads: 0, expiresAt: new Date(Date.now() - 1000) });
    const expired = await open(link!);
    expect(expired.status).toBe(410);
    expect(expired.headers.get('content-type')).toMatch(/^text\/html/);
    const json = await t.app.request(link!.replace(PORTAL, ''));
    expect(json.status).toBe(410);
    expect(((await json.json()) as { message: string }).message).toMatch(/expired or has been used up/);

    const actions = (await t.db.select().from(dataAudit)).filter((a) => a.subject === `privacy request #${id}`);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['send copy', 'download copy']));
    expect(actions.filter((a) => a.action === 'download copy')).toHaveLength(PRIVACY_COPY.downloads);
    expect(JSON.stringify(actions)).not.toContain(email);
  });

  it('is only for requests for a copy, and gives nothing once the address is erased', async () => {
    const staff = await signedIn(t.app, t.db, 'admin', 'privacy-sender-2');
    const deletion = await confirmedRequest('tama.delete@example.nz', 'deletion');
    const refused = await staff.b.post(`/api/admin/privacy-requests/${deletion}/send-copy`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Only a request for a copy is answered with one.');

    const email = 'kiri.both@example.nz';
    const access = await confirmedRequest(email, 'access');
    expect((await staff.b.post(`/api/admin/privacy-requests/${access}/send-copy`)).status).toBe(200);
    const link = /(https:\/\/portal\.beloud\.example\/api\/privacy-copies\/[A-Za-z0-9_-]{43})/.exec(
      textOf((await mailsTo(email)).at(-1)!.raw),
    )![1]!;
    const erase = await confirmedRequest(email, 'deletion');
    expect((await staff.b.post(`/api/admin/privacy-requests/${erase}/erase`)).status).toBe(200);
    const gone = await open(link);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('has been erased');
    expect((await t.app.request('/api/privacy-copies/not-a-token')).status).toBe(400);
  });
});
