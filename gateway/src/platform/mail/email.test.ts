import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactInquiries, outbox } from '../db';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: 'leads@agency.test',
    MAIL_FROM: 'Agency <hello@agency.test>',
    REAL_TALK_AUDIO_URL: 'https://cdn.example/real-talk.mp3',
  });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});
afterEach(() => {
  smtp.state.reject = false;
  smtp.received.length = 0;
});

const post = (path: string, body: unknown) =>
  t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const enquiry = {
  businessName: 'Waipa Electrical',
  contactName: 'Rangi',
  contactEmail: 'rangi@example.nz',
  servicesInterested: ['seo'],
};

describe('e-mail through a real SMTP server', () => {
  it('delivers the agency notification for a new enquiry and marks it sent', async () => {
    const res = await post('/api/contact-inquiry', enquiry);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await t.mailer.idle();

    // The agency's notification, and the sender's copy (confirmations.test.ts).
    const notices = smtp.received.filter((m) => m.to.includes('leads@agency.test'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.raw).toContain(`Subject: New enquiry #${id}: Waipa Electrical`);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `New enquiry #${id}: Waipa Electrical`));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('sends the visitor the audio link on opt-in', async () => {
    expect((await post('/api/opt-in', { firstName: 'Hine', email: 'hine@example.nz' })).status).toBe(201);
    await t.mailer.idle();
    const visitor = smtp.received.find((m) => m.to.includes('hine@example.nz'));
    expect(visitor?.raw).toContain('Subject: Your free Real Talk audio is here');
    expect(visitor?.raw).toContain('/real-talk-thank-you');
    expect(smtp.received.some((m) => m.to.includes('leads@agency.test'))).toBe(true);
  });

  it('still stores the lead when the mail server refuses, keeps the message for retry, and delivers it later', async () => {
    smtp.state.reject = true;
    const res = await post('/api/contact-inquiry', { ...enquiry, businessName: 'Refused Relay Ltd' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await t.mailer.idle();

    expect(await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, id))).toHaveLength(1);
    const subject = `New enquiry #${id}: Refused Relay Ltd`;
    const [failed] = await t.db.select().from(outbox).where(eq(outbox.subject, subject));
    // Retried on its backoff: due again in 30 seconds (the default first wait).
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toMatch(/550|Mailbox unavailable/);
    expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);

    smtp.state.reject = false;
    // Not due yet: a round takes nothing; once its wait is over (skipped here), the next round delivers it.
    expect(await t.outbox.deliverDue()).toBe(0);
    await t.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, failed!.id));
    expect(await t.outbox.deliverDue()).toBeGreaterThanOrEqual(1);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.subject, subject));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.some((m) => m.raw.includes(subject))).toBe(true);
  });

  it('still stores the lead when no mail server is listening at all', async () => {
    const down = await setupApp({ SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL: 'leads@agency.test' });
    try {
      const res = await down.app.request('/api/contact-inquiry', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(enquiry),
      });
      expect(res.status).toBe(201);
      await down.mailer.idle();
      const [row] = await down.db.select().from(outbox);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/ECONNREFUSED/);
      expect(await down.db.select().from(contactInquiries)).toHaveLength(1);
    } finally {
      await down.cleanup();
    }
  });
});
