import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { outbox, reportSchedules, reportSends } from '../../platform/db';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { headersOf, startSmtp, textOf, type Received } from '../../../test/smtp';
import { momentIn } from './report-schedules';
import { reportSchedulesJob } from './index';
import { sendReportEmails } from './report-emails';
import { heldFor } from '../privacy/held';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
let n = 0;
const account = (role: 'client' | 'admin') => signedIn(t.app, t.db, role, `mailed${role}${++n}`);
let client: Awaited<ReturnType<typeof account>>;
let admin: Awaited<ReturnType<typeof account>>;
let octoberId: number;
const job = () =>
  reportSchedulesJob({
    db: t.db,
    mailer: t.mailer,
    pdfs: t.app.reportPdfs,
    config: t.env.publicConfig,
    logger: createLogger('silent'),
  });

/** The report e-mails that arrived since `from` (not the "report is ready" notices), once deliveries finished. */
async function arrived(from: number): Promise<Received[]> {
  await t.outbox.idle();
  return smtp.received.slice(from).filter((m) => / report - /.test(headersOf(m.raw).get('subject') ?? ''));
}

/** The attached PDF of a received message (base64 in its own MIME part), or null. */
function attachedPdf(raw: string): Buffer | null {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p));
  if (!part) return null;
  const body = part.slice(part.search(/\r?\n\r?\n/)).replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}
const linkIn = (raw: string) => textOf(raw).match(/https?:\/\/\S+\/shared\/reports\/[\w-]{43}/)?.[0] ?? null;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Agency <hello@agency.test>' });
  [client, admin] = [await account('client'), await account('admin')];
  const saved = await admin.b.post(`/api/admin/clients/${client.id}/reports`, {
    reportDate: '2026-10-01',
    websiteTraffic: 12345,
  });
  octoberId = saved.json.id as number;
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

describe('the schedule form', () => {
  it('answers a default for a client without one, saves a valid one and names the field of a wrong one', async () => {
    const none = await admin.b.get(`/api/admin/clients/${client.id}/report-schedule`);
    expect(none.json).toMatchObject({
      enabled: false,
      sendToClient: true,
      clientEmail: `${client.username}@example.nz`,
    });
    const wrong: [string, Record<string, unknown>][] = [
      ['dayOfMonth', { dayOfMonth: 29 }],
      ['time', { time: '24:00' }],
      ['extraRecipients', { extraRecipients: ['not an address'] }],
    ];
    for (const [field, body] of wrong) {
      const res = await admin.b.put(`/api/admin/clients/${client.id}/report-schedule`, {
        enabled: true,
        dayOfMonth: 3,
        time: '09:00',
        sendToClient: true,
        extraRecipients: [],
        ...body,
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(field);
    }
    const saved = await admin.b.put(`/api/admin/clients/${client.id}/report-schedule`, {
      enabled: true,
      dayOfMonth: 3,
      time: '09:00',
      sendToClient: true,
      extraRecipients: ['Boss@Client.example'],
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ extraRecipients: ['boss@client.example'] });
    expect((await client.b.get(`/api/admin/clients/${client.id}/report-schedule`)).status).toBe(403);
  });
});

describe('the schedule', () => {
  it('sends last month’s report once per recipient when its moment has passed, with the PDF and a link of their own', async () => {
    const from = smtp.received.length;
    // 3 November 2026, 08:59 in New Zealand (NZDT, +13): a minute early.
    expect(await job()(new Date('2026-11-02T19:59:00Z'))).toBe(0);
    expect(await job()(new Date('2026-11-02T20:00:00Z'))).toBe(2);
    const mails = await arrived(from);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['boss@client.example', `${client.username}@example.nz`]);
    const links = new Set<string>();
    for (const mail of mails) {
      expect(headersOf(mail.raw).get('subject')).toContain('October 2026 report');
      expect(attachedPdf(mail.raw)!.subarray(0, 5).toString()).toBe('%PDF-');
      const link = linkIn(mail.raw)!;
      links.add(link);
      const page = await t.app.request(link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('12,345');
    }
    expect(links.size).toBe(2);

    // Again, and later that month: nothing more.
    expect(await job()(new Date('2026-11-02T20:05:00Z'))).toBe(0);
    expect(await job()(new Date('2026-11-20T20:05:00Z'))).toBe(0);
    expect(await arrived(from)).toHaveLength(2);

    const history = await admin.b.get(`/api/admin/reports/${octoberId}/sends`);
    expect(history.json.items).toHaveLength(2);
    expect(history.json.items).toContainEqual(
      expect.objectContaining({ to: 'boss@client.example', kind: 'scheduled', attached: true, opens: 1 }),
    );
  });

  it('goes on where a run stopped: a recipient already sent is not sent again, the others are', async () => {
    const other = await account('client');
    const saved = await admin.b.post(`/api/admin/clients/${other.id}/reports`, { reportDate: '2026-10-01' });
    await t.db.insert(reportSchedules).values({
      clientId: other.id,
      enabled: true,
      dayOfMonth: 1,
      time: '00:00',
      sendToClient: true,
      extraRecipients: ['a@client.example'],
    });
    // As a run that stopped after its first recipient leaves it.
    await t.db.insert(reportSends).values({
      reportId: saved.json.id as number,
      to: `${other.username}@example.nz`,
      kind: 'scheduled',
      queuedAt: new Date(),
      attached: true,
    });
    const from = smtp.received.length;
    expect(await job()(new Date('2026-11-25T00:00:00Z'))).toBe(1);
    expect((await arrived(from)).map((m) => m.to[0])).toEqual(['a@client.example']);
  });

  it('two gateways running at once send each recipient one e-mail', async () => {
    const twice = await account('client');
    await admin.b.post(`/api/admin/clients/${twice.id}/reports`, { reportDate: '2026-10-01' });
    await t.db.insert(reportSchedules).values({
      clientId: twice.id,
      enabled: true,
      dayOfMonth: 1,
      time: '00:00',
      sendToClient: true,
      extraRecipients: ['b@twice.example'],
    });
    const from = smtp.received.length;
    const at = new Date('2026-11-25T01:00:00Z');
    const [one, two] = await Promise.all([job()(at), job()(at)]);
    expect(one + two).toBe(2);
    expect((await arrived(from)).map((m) => m.to[0]).sort()).toEqual([
      'b@twice.example',
      `${twice.username}@example.nz`,
    ]);
  });

  it('waits for a report staff have not made yet, and sends it on a later run that month', async () => {
    const late = await account('client');
    await t.db.insert(reportSchedules).values({
      clientId: late.id,
      enabled: true,
      dayOfMonth: 1,
      time: '09:00',
      sendToClient: true,
      extraRecipients: [],
    });
    const from = smtp.received.length;
    expect(await job()(new Date('2026-12-01T00:00:00Z'))).toBe(0);
    await admin.b.post(`/api/admin/clients/${late.id}/reports`, { reportDate: '2026-11-01' });
    expect(await job()(new Date('2026-12-02T00:00:00Z'))).toBe(1);
    expect((await arrived(from)).map((m) => m.to[0])).toContain(`${late.username}@example.nz`);
  });

  it('works out each month’s moment on that month’s clock, across daylight saving', () => {
    // 02:30 on 27 September 2026 does not exist (clocks go from 02:00 to 03:00): it runs at 03:00 NZDT.
    expect(momentIn(2026, 9, { dayOfMonth: 27, time: '02:30' }).toISOString()).toBe('2026-09-26T14:00:00.000Z');
    // 9 am on the 5th: NZDT (+13) in March, NZST (+12) in April 2027.
    expect(momentIn(2027, 3, { dayOfMonth: 5, time: '09:00' }).toISOString()).toBe('2027-03-04T20:00:00.000Z');
    expect(momentIn(2027, 4, { dayOfMonth: 5, time: '09:00' }).toISOString()).toBe('2027-04-04T21:00:00.000Z');
  });

  it('a schedule on the spring-forward day at 02:30 sends at 03:00 NZDT, not before', async () => {
    const spring = await account('client');
    await admin.b.post(`/api/admin/clients/${spring.id}/reports`, { reportDate: '2026-08-01' });
    await t.db.insert(reportSchedules).values({
      clientId: spring.id,
      enabled: true,
      dayOfMonth: 27,
      time: '02:30',
      sendToClient: true,
      extraRecipients: [],
    });
    const from = smtp.received.length;
    expect(await job()(new Date('2026-09-26T13:59:00Z'))).toBe(0);
    expect(await job()(new Date('2026-09-26T14:00:00Z'))).toBe(1);
    expect((await arrived(from)).map((m) => m.to[0])).toEqual([`${spring.username}@example.nz`]);
  });

  it('skips a schedule whose stored addresses do not read, and the form shows the default for it', async () => {
    const odd = await account('client');
    await admin.b.post(`/api/admin/clients/${odd.id}/reports`, { reportDate: '2026-10-01' });
    await t.db.insert(reportSchedules).values({
      clientId: odd.id,
      enabled: true,
      dayOfMonth: 1,
      time: '00:00',
      sendToClient: true,
      extraRecipients: [],
    });
    await t.db.run(sql`update report_schedules set extraRecipients = '{"odd": 1}' where clientId = ${odd.id}`);
    const from = smtp.received.length;
    await job()(new Date('2026-11-26T00:00:00Z'));
    expect((await arrived(from)).map((m) => m.to[0])).not.toContain(`${odd.username}@example.nz`);
    const form = await admin.b.get(`/api/admin/clients/${odd.id}/report-schedule`);
    expect(form.status).toBe(200);
    expect(form.json).toMatchObject({ enabled: false, extraRecipients: [] });
  });
});

describe('send now and a test', () => {
  it('send now goes to the schedule’s recipients; a test to the staff member only, marked [Test]', async () => {
    let from = smtp.received.length;
    const now = await admin.b.post(`/api/admin/reports/${octoberId}/send`, { to: 'recipients' });
    expect(now.status).toBe(200);
    expect((await arrived(from)).map((m) => m.to[0]).sort()).toEqual([
      'boss@client.example',
      `${client.username}@example.nz`,
    ]);
    from = smtp.received.length;
    const test = await admin.b.post(`/api/admin/reports/${octoberId}/send`, { to: 'me' });
    expect(test.status).toBe(200);
    const mails = await arrived(from);
    expect(mails.map((m) => m.to[0])).toEqual([`${admin.username}@example.nz`]);
    expect(headersOf(mails[0]!.raw).get('subject')).toMatch(/^\[Test\]/);
    const items = (await admin.b.get(`/api/admin/reports/${octoberId}/sends`)).json.items as { kind: string }[];
    expect(items.map((i) => i.kind).sort()).toEqual(['now', 'now', 'scheduled', 'scheduled', 'test']);
    expect((await client.b.post(`/api/admin/reports/${octoberId}/send`, { to: 'me' })).status).toBe(403);
    expect((await admin.b.post('/api/admin/reports/999999/send', { to: 'me' })).status).toBe(404);
    expect((await admin.b.post(`/api/admin/reports/${octoberId}/send`, { to: 'all' })).status).toBe(400);
  });

  it('a sent message keeps no attachment in the outbox', async () => {
    const rows = await t.db
      .select({ a: outbox.attachments, s: outbox.status })
      .from(outbox)
      .where(eq(outbox.status, 'sent'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.a === null)).toBe(true);
  });
});

describe('a PDF too large to attach', () => {
  it('goes as its link only, and the history says so', async () => {
    const from = smtp.received.length;
    const sent = await sendReportEmails(
      {
        db: t.db,
        mailer: t.mailer,
        pdfs: t.app.reportPdfs,
        config: t.env.publicConfig,
        logger: createLogger('silent'),
        attachMaxBytes: 10,
      },
      { reportId: octoberId, recipients: ['big@client.example'], kind: 'now', createdBy: admin.id },
    );
    expect(sent).toEqual(['big@client.example']);
    const [mail] = await arrived(from);
    expect(attachedPdf(mail!.raw)).toBeNull();
    expect(textOf(mail!.raw)).toContain('Read it online, and download its PDF');
    expect((await t.app.request(linkIn(mail!.raw)!)).status).toBe(200);
    const items = (await admin.b.get(`/api/admin/reports/${octoberId}/sends`)).json.items as {
      to: string;
      attached: boolean;
    }[];
    expect(items.find((i) => i.to === 'big@client.example')).toMatchObject({ attached: false });
  });
});

describe('personal data', () => {
  it('a privacy search finds an extra recipient in the schedule and the history, and an odd list stops nothing', async () => {
    const held = await heldFor(t.db, 'Boss@client.example');
    const found = new Map([...held.rows].map(([place, ids]) => [place.table, ids.length]));
    expect(found.get('report_schedules')).toBe(1);
    expect(found.get('report_sends')).toBeGreaterThanOrEqual(2);
    await t.db.run(sql`update report_schedules set extraRecipients = 'not json' where clientId = ${client.id}`);
    expect((await heldFor(t.db, 'boss@client.example')).rows.size).toBeGreaterThan(0);
  });
});
