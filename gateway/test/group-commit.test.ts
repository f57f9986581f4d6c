import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactInquiries, createGroupCommit } from '../src/db';
import { setupApp } from './helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());

const lead = (businessName: string) => ({
  businessName,
  contactName: 'Group Tester',
  contactEmail: 'group@example.nz',
  servicesInterested: ['seo' as const],
});

describe('createGroupCommit', () => {
  it('commits the writes of one event-loop turn in one transaction and hands each caller its own results', async () => {
    const batch = vi.spyOn(t.db, 'batch');
    const commit = createGroupCommit(t.db);
    const names = Array.from({ length: 8 }, (_, i) => `Grouped ${i}`);
    const results = await Promise.all(
      names.map((name) => commit([t.db.insert(contactInquiries).values(lead(name)).returning({ id: contactInquiries.id, businessName: contactInquiries.businessName })])),
    );
    expect(batch).toHaveBeenCalledTimes(1);
    expect(results.map(([[row]]) => row?.businessName)).toEqual(names);
    for (const [[row]] of results) {
      const [stored] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, row!.id));
      expect(stored?.businessName).toBe(row?.businessName);
    }
    batch.mockRestore();
  });

  it('a write that fails does not fail the others in its group, and leaves nothing half-stored', async () => {
    const commit = createGroupCommit(t.db);
    const [[existing]] = await commit([t.db.insert(contactInquiries).values(lead('Taken id')).returning({ id: contactInquiries.id })]);
    const outcomes = await Promise.allSettled([
      commit([t.db.insert(contactInquiries).values(lead('Good one')).returning({ id: contactInquiries.id })]),
      // Its second statement reuses an id, so this unit fails as a whole: its first row must not stay.
      commit([
        t.db.insert(contactInquiries).values(lead('Half written')).returning({ id: contactInquiries.id }),
        t.db.insert(contactInquiries).values({ ...lead('Duplicate'), id: existing!.id }).returning({ id: contactInquiries.id }),
      ]),
      commit([t.db.insert(contactInquiries).values(lead('Good two')).returning({ id: contactInquiries.id })]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = (await t.db.select({ name: contactInquiries.businessName }).from(contactInquiries)).map((r) => r.name);
    expect(stored.filter((n) => n === 'Good one' || n === 'Good two')).toEqual(['Good one', 'Good two']);
    expect(stored).not.toContain('Half written');
  });
});
