import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../db';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

/**
 * An e-mail whose stored headers are not JSON, or not headers (decision 0111), is not sent and says why in the
 * outbox, where staff see it; every other message is delivered as before. Over a real libSQL file.
 */
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

const queued = async (subject: string, headers: string | null) => {
  const [row] = await t.db
    .insert(outbox)
    .values({ channel: 'email', to: 'ana@example.nz', subject, text: 'Kia ora' })
    .returning({ id: outbox.id });
  await t.db.run(sql`update outbox set headers = ${headers} where id = ${row!.id}`);
  return row!.id;
};

it('an e-mail with unreadable headers is held with its reason, and the others go', async () => {
  const notJson = await queued('Headers not JSON', 'List-Unsubscribe: <https://example.nz/u>');
  const notHeaders = await queued('Headers not headers', '{"List-Unsubscribe": 7}');
  const good = await queued('Headers fine', '{"X-Agency-Test":"yes"}');
  await t.outbox.deliverDue();
  await t.outbox.idle();

  const raw = smtp.received.map((m) => m.raw).join('\n');
  expect(raw).toContain('Headers fine');
  expect(raw).toMatch(/X-Agency-Test: yes/i);
  expect(raw).not.toContain('Headers not');
  for (const id of [notJson, notHeaders]) {
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'its stored headers cannot be read: not sent',
    });
  }
  const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, good));
  expect(sent).toMatchObject({ status: 'sent' });
});
