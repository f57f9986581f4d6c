import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadType } from '@agency/contracts';
import { consultationRequests, contactInquiries, optInLeads, quotes } from '../../platform/db';
import { backfillFollowUp } from './follow-up-backfill';
import { LEAD_TABLES } from './lead-tables';
import { housekeeping } from '../ops/housekeeping';
import { createLogger } from '../../platform/logger';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await setupApp();
  staff = await signedIn(t.app, t.db, 'admin', 'kahu');
});
afterAll(() => t.cleanup());

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/**
 * Leads as migration 0011 left them: stored before the follow-up clock, with no follow-up time, reminder time or
 * follow-up mark. Each case says what the backfill must make of it, in UTC (New Zealand time in the comment).
 */
const cases: {
  name: string;
  type: LeadType;
  insert: () => Promise<number>;
  followUpBy: string | 'future';
  followedUpAt: string | null;
  overdue: boolean;
}[] = [
  {
    // Friday 6 March 2026 16:59 NZDT: 24 hours with the weekend not counted, Monday 16:59 (decision 0097).
    name: 'a new enquiry at 16:59 on a Friday',
    type: 'enquiry',
    insert: async () =>
      (
        await t.db
          .insert(contactInquiries)
          .values({
            businessName: 'Friday Ltd',
            contactName: 'A',
            contactEmail: 'fri@example.nz',
            createdAt: at('2026-03-06T03:59:00Z'),
          })
          .returning()
      )[0]!.id,
    followUpBy: '2026-03-09T03:59:00Z',
    followedUpAt: null,
    overdue: true,
  },
  {
    // The same, but staff had moved it to "contacted" on Monday 9 March 10:00 NZDT, before the clock existed.
    name: 'an enquiry no longer new',
    type: 'enquiry',
    insert: async () =>
      (
        await t.db
          .insert(contactInquiries)
          .values({
            businessName: 'Contacted Ltd',
            contactName: 'B',
            contactEmail: 'contacted@example.nz',
            status: 'contacted',
            createdAt: at('2026-03-06T03:59:00Z'),
            updatedAt: at('2026-03-08T21:00:00Z'),
          })
          .returning()
      )[0]!.id,
    followUpBy: '2026-03-09T03:59:00Z',
    followedUpAt: '2026-03-08T21:00:00Z',
    overdue: false,
  },
  {
    // Thursday 2 April 2026 10:00 NZDT, before Easter (Good Friday 3, Easter Monday 6 April) and the end of daylight
    // saving (5 April): the next working day is Tuesday 7 April, at 10:00 NZST.
    name: 'a pending quote over Easter and the end of daylight saving',
    type: 'quote',
    insert: async () =>
      (
        await t.db
          .insert(quotes)
          .values({ source: 'website', contactEmail: 'easter@example.nz', createdAt: at('2026-04-01T21:00:00Z') })
          .returning()
      )[0]!.id,
    followUpBy: '2026-04-06T22:00:00Z',
    followedUpAt: null,
    overdue: true,
  },
  {
    name: 'a quote already sent',
    type: 'quote',
    insert: async () =>
      (
        await t.db
          .insert(quotes)
          .values({
            source: 'website',
            contactEmail: 'sent@example.nz',
            status: 'sent',
            createdAt: at('2026-04-01T21:00:00Z'),
            updatedAt: at('2026-04-01T23:30:00Z'),
          })
          .returning()
      )[0]!.id,
    followUpBy: '2026-04-06T22:00:00Z',
    followedUpAt: '2026-04-01T23:30:00Z',
    overdue: false,
  },
  {
    // Monday 2 March 2026 10:00 NZDT: Tuesday 10:00. An opt-in has no status to move on.
    name: 'an audio sign-up',
    type: 'optin',
    insert: async () =>
      (
        await t.db
          .insert(optInLeads)
          .values({
            firstName: 'Mere',
            email: 'optin@example.nz',
            leadMagnet: 'real-talk',
            createdAt: at('2026-03-01T21:00:00Z'),
          })
          .returning()
      )[0]!.id,
    followUpBy: '2026-03-02T21:00:00Z',
    followedUpAt: null,
    overdue: true,
  },
  {
    name: 'a consultation request from an hour ago',
    type: 'consultation',
    insert: async () =>
      (
        await t.db
          .insert(consultationRequests)
          .values({
            businessName: 'Recent Ltd',
            contactName: 'C',
            email: 'recent@example.nz',
            phone: '021',
            currentChallenge: 'x',
            createdAt: new Date(Date.now() - HOUR),
          })
          .returning()
      )[0]!.id,
    followUpBy: 'future',
    followedUpAt: null,
    overdue: false,
  },
];

async function row(type: LeadType, id: number) {
  const def = LEAD_TABLES[type];
  const [r] = await t.db.select().from(def.table).where(eq(def.id, id));
  return r as { followUpBy: Date | null; followedUpAt: Date | null; remindAt: Date | null; remindedAt: Date | null };
}

describe('leads stored before the follow-up clock', () => {
  it('are given their follow-up time from when they came in, and the overdue filter finds the open ones', async () => {
    const ids = new Map<string, number>();
    for (const c of cases) ids.set(c.name, await c.insert());
    for (const c of cases) expect((await row(c.type, ids.get(c.name)!)).followUpBy, c.name).toBeNull();
    // One that came in after the clock keeps its own time.
    const [clocked] = await t.db
      .insert(contactInquiries)
      .values({
        businessName: 'Clocked',
        contactName: 'D',
        contactEmail: 'd@example.nz',
        followUpBy: at('2030-01-01T00:00:00Z'),
      })
      .returning();

    const logger = createLogger('silent');
    // Housekeeping's sweep runs it (every gateway, at start and every 15 minutes), not the daily retention run.
    let filled = 0;
    await housekeeping(t.db, logger, {
      backfill: async (now) => (filled = await backfillFollowUp(t.db, t.env.holidays, now)),
    }).sweep();
    expect(filled).toBe(cases.length);

    for (const c of cases) {
      const r = await row(c.type, ids.get(c.name)!);
      if (c.followUpBy === 'future') expect(r.followUpBy!.getTime(), c.name).toBeGreaterThan(Date.now());
      else expect(r.followUpBy?.toISOString(), c.name).toBe(new Date(c.followUpBy).toISOString());
      expect(r.remindAt!.getTime(), c.name).toBeLessThan(r.followUpBy!.getTime());
      expect(r.followedUpAt?.toISOString() ?? null, c.name).toBe(
        c.followedUpAt && new Date(c.followedUpAt).toISOString(),
      );
      // A reminder whose time went by long ago is not sent now; one still to come is.
      expect(r.remindedAt !== null, c.name).toBe(c.followUpBy !== 'future');

      const overdue = await staff.b.get(`/api/admin/leads?type=${c.type}&due=overdue&pageSize=100`);
      expect(overdue.status).toBe(200);
      expect(
        (overdue.json.items as { id: number }[]).some((l) => l.id === ids.get(c.name)),
        c.name,
      ).toBe(c.overdue);
    }
    expect((await row('enquiry', clocked!.id)).followUpBy?.toISOString()).toBe('2030-01-01T00:00:00.000Z');

    // Idempotent: nothing is left without a time, so another pass changes nothing.
    expect(await backfillFollowUp(t.db, t.env.holidays)).toBe(0);
  });
});
