import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../db';
import { signedIn } from '../../../test/auth-client';
import { fromPeer, setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

/**
 * The outbox's dead letters (decision 0087): a message whose tries are spent is shown to staff, counted on /metrics,
 * and sent once staff try it again.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'leads@agency.test', OUTBOX_MAX_TRIES: '2' });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

const metric = async (line: RegExp) => {
  const text = await (await t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();
  return Number(line.exec(text)?.[1]);
};

it('shows staff a dead message and its reason, counts it on /metrics, and sends it once retried', async () => {
  const staff = await signedIn(t.app, t.db, 'admin', 'outbox-staff');
  const client = await signedIn(t.app, t.db, 'client', 'outbox-client');
  smtp.state.reject = true;
  const lead = await t.app.request('/api/contact-inquiry', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      businessName: 'Dead Letter Ltd',
      contactName: 'Mere',
      contactEmail: 'mere@example.nz',
      servicesInterested: ['seo'],
    }),
  });
  expect(lead.status).toBe(201);
  const { id } = (await lead.json()) as { id: number };
  const subject = `New enquiry #${id}: Dead Letter Ltd`;
  await t.outbox.idle();
  // The second and last try, once its wait is over (skipped here).
  await t.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.subject, subject));
  await t.outbox.deliverDue();
  const [dead] = await t.db.select().from(outbox).where(eq(outbox.subject, subject));
  expect(dead).toMatchObject({ status: 'dead', attempts: 2 });

  const listed = await staff.b.get('/api/admin/outbox/failed');
  expect(listed.status).toBe(200);
  const message = (listed.json.messages as Record<string, unknown>[]).find((m) => m.id === dead!.id);
  expect(message).toMatchObject({ channel: 'email', status: 'dead', to: 'leads@agency.test', subject, attempts: 2 });
  expect(String(message!.lastError)).toMatch(/550|Mailbox unavailable/);
  expect(listed.json.dead).toBeGreaterThanOrEqual(1);
  // The body never leaves in the list (an e-mail may hold a sign-in link); clients see nothing of it.
  expect(Object.keys(message!)).not.toEqual(expect.arrayContaining(['text']));
  expect(listed.text).not.toContain('Dead Letter Ltd</');
  expect((await client.b.get('/api/admin/outbox/failed')).status).toBe(403);
  expect((await client.b.post(`/api/admin/outbox/${dead!.id}/retry`)).status).toBe(403);

  expect(await metric(/^outbox_messages\{channel="email",status="dead"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
  expect(await metric(/^outbox_deliveries_total\{channel="email",outcome="dead"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);

  smtp.state.reject = false;
  const before = smtp.received.filter((m) => m.raw.includes(subject)).length;
  const retried = await staff.b.post(`/api/admin/outbox/${dead!.id}/retry`);
  expect(retried.status).toBe(200);
  await t.outbox.idle();
  expect(smtp.received.filter((m) => m.raw.includes(subject)).length - before).toBe(1);
  const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, dead!.id));
  expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
  // Sent: nothing to retry any more, and the list no longer has it.
  expect((await staff.b.post(`/api/admin/outbox/${dead!.id}/retry`)).status).toBe(404);
  const after = await staff.b.get('/api/admin/outbox/failed');
  expect((after.json.messages as { id: number }[]).some((m) => m.id === dead!.id)).toBe(false);
  expect(await metric(/^outbox_messages\{channel="email",status="dead"\} (\d+)$/m)).toBe(0);
});
