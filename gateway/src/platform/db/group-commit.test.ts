import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledInsert, contactInquiries, createGroupCommit } from '.';
import { setupApp } from '../../../test/helpers';

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
    const transaction = vi.spyOn(t.db.$client, 'transaction');
    const { commit } = createGroupCommit(t.db);
    const insert = compiledInsert(t.db, contactInquiries, {
      id: contactInquiries.id,
      businessName: contactInquiries.businessName,
    });
    const names = Array.from({ length: 8 }, (_, i) => `Grouped ${i}`);
    const results = await Promise.all(names.map((name) => commit([insert(lead(name))])));
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(results.map(([[row]]) => row?.businessName)).toEqual(names);
    for (const [[row]] of results) {
      const [stored] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, row!.id));
      expect(stored?.businessName).toBe(row?.businessName);
    }
    transaction.mockRestore();
  });

  it('a write that fails does not fail the others in its group, and leaves nothing half-stored', async () => {
    const { commit } = createGroupCommit(t.db);
    const insert = compiledInsert(t.db, contactInquiries, { id: contactInquiries.id });
    const [[existing]] = await commit([insert(lead('Taken id'))]);
    const outcomes = await Promise.allSettled([
      commit([insert(lead('Good one'))]),
      // Its second statement reuses an id, so this unit fails as a whole: its first row must not stay.
      commit([insert(lead('Half written')), insert({ ...lead('Duplicate'), id: existing!.id })]),
      commit([insert(lead('Good two'))]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = (await t.db.select({ name: contactInquiries.businessName }).from(contactInquiries)).map(
      (r) => r.name,
    );
    expect(stored.filter((n) => n === 'Good one' || n === 'Good two')).toEqual(['Good one', 'Good two']);
    expect(stored).not.toContain('Half written');
  });
});
