/**
 * Decision 0081: what the registry says is kept two years goes after two years with the rest: website events
 * (`conversion_events`, which hold an address, a first name and a phone number) and privacy requests answered two
 * years ago. Newer ones stay.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversionEvents, privacyRequests } from '../../platform/db';
import { retention } from './retention';
import { createLogger } from '../../platform/logger';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());

const YEAR = 365 * 24 * 3_600_000;

it('erases website events and answered privacy requests past two years, and keeps newer ones', async () => {
  const now = new Date();
  const ago = (years: number) => new Date(now.getTime() - years * YEAR);
  const userData = (email: string) => ({ email, firstName: 'Rawiri', phone: '021 555 0199' });
  const [old, recent] = await t.db
    .insert(conversionEvents)
    .values([
      { eventType: 'lead', userData: userData('old@example.nz'), createdAt: ago(2.1) },
      { eventType: 'lead', userData: userData('recent@example.nz'), createdAt: ago(1.5) },
    ])
    .returning();
  const answered = (email: string, at: Date) => ({
    email,
    kind: 'access' as const,
    status: 'done' as const,
    createdAt: at,
    confirmedAt: at,
    dueAt: at,
    doneAt: at,
    outcome: 'Sent a copy.',
  });
  const [oldRequest, newRequest] = await t.db
    .insert(privacyRequests)
    .values([answered('old@example.nz', ago(2.2)), answered('recent@example.nz', ago(1))])
    .returning();

  const run = await retention(t.db, createLogger('silent'), { files: t.stores.files }).run(now);
  expect(run?.messages).toBe(2);
  expect(await t.db.$count(conversionEvents, eq(conversionEvents.id, old!.id))).toBe(0);
  expect(await t.db.$count(conversionEvents, eq(conversionEvents.id, recent!.id))).toBe(1);
  expect(await t.db.$count(privacyRequests, eq(privacyRequests.id, oldRequest!.id))).toBe(0);
  expect(await t.db.$count(privacyRequests, eq(privacyRequests.id, newRequest!.id))).toBe(1);
});
