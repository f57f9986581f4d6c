import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  contentAuditView as contentAudit,
  files,
  monthlyReports,
  optInLeads,
  outbox,
  passwordResetTokens,
  users,
} from '../db';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

/**
 * E-mail that belongs to a write is queued in that write's transaction (decision 0087): when the outbox cannot take
 * the message, the write is not stored either, so nobody is invited, told of a report or file, or marked as sent the
 * audio without the e-mail that says so. The outbox is made to refuse e-mail by a trigger, as a full disk or a
 * constraint would.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let master: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await setupApp({ REAL_TALK_AUDIO_URL: '' });
  admin = await signedIn(t.app, t.db, 'admin', 'tx-admin');
  master = await signedIn(t.app, t.db, 'master_admin', 'tx-master');
  client = await signedIn(t.app, t.db, 'client', 'tx-client');
});
afterAll(() => t.cleanup());
afterEach(() => t.db.run(sql`drop trigger if exists outbox_refuses_mail`));

const refuseMail = () =>
  t.db.run(
    sql.raw(`create trigger outbox_refuses_mail before insert on outbox when new.channel = 'email'
      begin select raise(abort, 'the outbox is full'); end`),
  );

const cookieOf = (b: ReturnType<typeof browser>) => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const mailTo = (address: string) => t.db.$count(outbox, eq(outbox.to, address));

/** A one-sample WAV file, as the upload checks audio by its bytes. */
function wav(): Buffer {
  const data = Buffer.alloc(2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe('e-mail queued in the transaction of its write', () => {
  it('a staff invite: without its e-mail there is no link, no audit entry and no account', async () => {
    await refuseMail();
    const refused = await master.b.post('/api/admin/users/invite', {
      username: 'nikau',
      email: 'nikau@example.nz',
      role: 'admin',
    });
    expect(refused.status).toBe(500);
    expect(await t.db.select().from(users).where(eq(users.username, 'nikau'))).toEqual([]);
    expect(await t.db.$count(passwordResetTokens)).toBe(0);
    expect(await t.db.$count(contentAudit, sql`${contentAudit.after} like '%nikau%'`)).toBe(0);

    await t.db.run(sql`drop trigger outbox_refuses_mail`);
    const invited = await master.b.post('/api/admin/users/invite', {
      username: 'nikau',
      email: 'nikau@example.nz',
      role: 'admin',
    });
    expect(invited.status).toBe(201);
    expect(await mailTo('nikau@example.nz')).toBe(1);
  });

  it("a client's new monthly report: not saved untold", async () => {
    const report = {
      reportDate: '2026-09-01',
      websiteTraffic: 10,
      organicTraffic: 5,
      paidTraffic: 5,
      conversions: 1,
      conversionRate: 1,
      notes: '',
    };
    const told = await mailTo(`${client.username}@example.nz`);
    await refuseMail();
    expect((await admin.b.post(`/api/admin/clients/${client.id}/reports`, report)).status).toBe(500);
    expect(await t.db.$count(monthlyReports, eq(monthlyReports.clientId, client.id))).toBe(0);
    await t.db.run(sql`drop trigger outbox_refuses_mail`);
    expect((await admin.b.post(`/api/admin/clients/${client.id}/reports`, report)).status).toBe(201);
    expect(await t.db.$count(monthlyReports, eq(monthlyReports.clientId, client.id))).toBe(1);
    expect(await mailTo(`${client.username}@example.nz`)).toBe(told + 1);
  });

  it("a client's new file: not stored untold (and its object is removed)", async () => {
    const upload = () =>
      t.app.request(`/api/admin/clients/${client.id}/files?name=brief.pdf`, {
        method: 'POST',
        headers: { cookie: cookieOf(admin.b), 'content-type': 'application/octet-stream' },
        body: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      });
    await refuseMail();
    expect((await upload()).status).toBe(500);
    expect(await t.db.$count(files, eq(files.userId, client.id))).toBe(0);
    const kept: string[] = [];
    for await (const object of t.stores.files.list('')) kept.push(object.key);
    expect(kept).toEqual([]);
    await t.db.run(sql`drop trigger outbox_refuses_mail`);
    expect((await upload()).status).toBe(201);
    expect(await t.db.$count(files, eq(files.userId, client.id))).toBe(1);
  });

  it('the Real Talk audio: nobody waiting is marked as sent it without the e-mail', async () => {
    const optIn = browser(t.app, undefined, '198.51.100.7');
    expect((await optIn.post('/api/opt-in', { firstName: 'Hine', email: 'hine@example.nz' })).status).toBe(201);
    await refuseMail();
    const upload = await t.app.request('/api/admin/real-talk-audio', {
      method: 'POST',
      headers: { cookie: cookieOf(admin.b), 'content-type': 'application/octet-stream' },
      body: wav(),
    });
    expect(upload.status).toBe(500);
    expect(await t.db.$count(optInLeads, isNull(optInLeads.audioSentAt))).toBe(1);
  });
});
