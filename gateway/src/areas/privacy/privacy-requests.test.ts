import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactInquiries,
  contentAuditView as contentAudit,
  dataAuditView as dataAudit,
  outbox,
  files,
  privacyRequests,
  quotes,
  rateLimits,
  users,
  auditEvents,
} from '../../platform/db';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';
import { readZip } from '../../../testing/read-zip';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'team@agency.test' });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

/** A message's text without quoted-printable soft breaks. */
const flat = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/\r?\n/g, ' ');
const linkIn = (raw: string) => /privacy-request\?token=([A-Za-z0-9_-]+)/.exec(flat(raw))?.[1];

describe('privacy requests', () => {
  it('answers the same for a known and an unknown address, and mails each request its confirmation link', async () => {
    await t.db
      .insert(contactInquiries)
      .values({ businessName: 'Known', contactName: 'K', contactEmail: 'known@example.nz' });
    // A network of its own (198.51.100.0/24): the other test's browsers share 10.20.0.0/24.
    const visitor = browser(t.app, undefined, '198.51.100.7');
    const known = await visitor.post('/api/privacy-requests', { email: 'Known@Example.nz', kind: 'access' });
    const unknown = await visitor.post('/api/privacy-requests', { email: 'nobody@example.nz', kind: 'access' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const again = await visitor.post('/api/privacy-requests', { email: 'known@example.nz', kind: 'deletion' });
    expect(again.json).toEqual(known.json);
    await t.mailer.idle();
    // A second request of another kind gets its own link (decision 0081).
    expect(smtp.received.filter((m) => m.to.includes('known@example.nz'))).toHaveLength(2);
    expect(await t.db.select().from(privacyRequests).where(eq(privacyRequests.email, 'known@example.nz'))).toHaveLength(
      2,
    );
    // A network (its /24) past its hourly limit of 10 is told so in words, from another of its addresses too.
    for (let i = 0; i < 7; i++)
      await visitor.post('/api/privacy-requests', { email: `x${i}@example.nz`, kind: 'access' });
    const limited = await browser(t.app, undefined, '198.51.100.200').post('/api/privacy-requests', {
      email: 'y@example.nz',
      kind: 'access',
    });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/^We have received several requests/);
    const bad = await browser(t.app).post('/api/privacy-requests', { email: 'not an address', kind: 'access' });
    expect(bad.status).toBe(400);
  });

  it('confirms by link, queues for staff due in 20 working days, exports, erases everywhere and tells the person', async () => {
    const email = 'erase.me@example.nz';
    const [client] = await t.db
      .insert(users)
      .values({ username: 'eraseme', email, password: 'x', role: 'client' })
      .returning();
    await t.stores.files.put('client/erase-me.pdf', Buffer.from('%PDF-1.4 secret'), {
      contentType: 'application/pdf',
    });
    await t.db
      .insert(files)
      .values({ userId: client!.id, name: 'plan.pdf', type: 'application/pdf', path: 'client/erase-me.pdf', size: 15 });
    await t.db.insert(contactInquiries).values({ businessName: 'Erase Ltd', contactName: 'E', contactEmail: email });
    await t.db.insert(quotes).values({ source: 'website', contactEmail: email, contactName: 'E' });
    await t.db
      .insert(outbox)
      .values({ channel: 'email', to: 'team@agency.test', subject: 'New enquiry', text: `From ${email}` });
    // What names the account outside its own rows: a sign-in lock of its name, and its name in the account audit.
    await t.db
      .insert(rateLimits)
      .values({ key: 'login:user:eraseme', count: 3, resetAt: new Date(Date.now() + 60_000) });
    await t.db.insert(auditEvents).values({
      area: 'accounts',
      actor: 'someadmin@example.nz',
      subjectType: 'account',
      subjectId: client!.id,
      action: 'update',
      before: { username: 'eraseme', email, role: 'client' },
      after: { username: 'eraseme', email, role: 'client', disabled: true },
    });
    // The trail's other traces of the person (decision 0103): a factor reset naming the address, and a change made
    // under the address (a former staff member's), whose actor is masked while the change stays.
    await t.db.insert(auditEvents).values([
      {
        area: 'accounts',
        actor: 'someadmin@example.nz',
        subjectType: 'account',
        subjectId: client!.id,
        action: 'reset-second-factor',
        before: { username: 'eraseme', secondFactors: 'as they were' },
        detail: email,
      },
      { area: 'content', actor: email.toUpperCase(), subjectType: 'blog_post', subjectId: 9, action: 'update' },
    ]);

    const person = browser(t.app);
    await person.post('/api/privacy-requests', { email, kind: 'deletion', details: 'Please delete everything.' });
    await t.mailer.idle();
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    const token = linkIn(mail.raw)!;
    expect(token).toBeTruthy();
    const confirmed = await person.post('/api/privacy-requests/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.message).toMatch(
      /^Thank you, your request is confirmed\. We will answer by \d+ \w+ \d{4}\.$/,
    );
    const reused = await person.post('/api/privacy-requests/confirm', { token });
    expect(reused.status).toBe(400);
    expect(reused.json.message).toBe(
      'This confirmation link has expired or was already used. Please make a new request.',
    );

    const staff = await signedIn(t.app, t.db, 'admin', 'privacystaff');
    const queue = await staff.b.get('/api/admin/privacy-requests');
    const request = (queue.json as unknown as { id: number; email: string; dueAt: string; status: string }[]).find(
      (r) => r.email === email,
    )!;
    expect(request.status).toBe('open');
    const days = (new Date(request.dueAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(26);
    expect(days).toBeLessThan(40);

    const zip = await t.app.request(`/api/admin/privacy-requests/${request.id}/export.zip`, {
      headers: { cookie: [...staff.b.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const copy = readZip(bytes);
    for (const name of ['about-this-copy.txt', 'enquiries.csv', 'quote-requests.csv', 'emails.csv', 'files.csv'])
      expect([...copy.keys()]).toContain(name);

    const erased = await staff.b.post(`/api/admin/privacy-requests/${request.id}/erase`);
    expect(erased.status).toBe(200);
    expect(erased.json.message).toMatch(
      /^Erased 2 lead\(s\), 2 e-mail\(s\), 1 file\(s\), the client account and \d+ other record\(s\)\.$/,
    );
    expect(await t.db.select().from(contactInquiries).where(eq(contactInquiries.contactEmail, email))).toEqual([]);
    expect(await t.db.select().from(quotes).where(eq(quotes.contactEmail, email))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await t.stores.files.head('client/erase-me.pdf')).toBeNull();
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'login:user:eraseme'))).toEqual([]);
    const [trace] = await t.db
      .select()
      .from(contentAudit)
      .where(and(eq(contentAudit.entity, 'account'), eq(contentAudit.entityId, client!.id)));
    expect(trace).toMatchObject({
      before: { username: 'erased', email: 'erased', role: 'client' },
      after: { username: 'erased', email: 'erased', disabled: true },
    });
    const trail = await t.db.select().from(auditEvents);
    expect(trail.find((e) => e.action === 'reset-second-factor' && e.subjectId === client!.id)).toMatchObject({
      before: { username: 'erased' },
      detail: 'erased',
    });
    expect(trail.find((e) => e.subjectType === 'blog_post' && e.subjectId === 9)?.actor).toBe('erased');
    expect(JSON.stringify(trail).toLowerCase()).not.toContain(email);

    const closed = await staff.b.post(`/api/admin/privacy-requests/${request.id}/close`, {
      outcome: 'We have deleted everything we held about you.',
    });
    expect(closed.status).toBe(200);
    await t.mailer.idle();
    const done = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
    expect(flat(done.raw)).toContain('We have deleted everything we held about you.');
    const [row] = await t.db.select().from(privacyRequests).where(eq(privacyRequests.id, request.id));
    expect(row).toMatchObject({ status: 'done', email: 'erased' });
    const audits = await t.db.select().from(dataAudit);
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['confirm', 'export', 'erase', 'close']));
    expect(JSON.stringify(audits)).not.toContain(email);
  });
});
