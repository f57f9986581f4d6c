import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_AREAS, type AuditEvent } from '@agency/contracts';
import { auditEvents, contactInquiries, leadEvents, privacyRequests, users } from '../../platform/db';
import { hashPassword } from '../accounts/passwords';
import { signedIn, TEST_PASSWORD } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { planOf, statementsSent } from '../../../test/statements';

// The one audit trail (decision 0103): one action of each area, each read back as exactly one event from the one
// reader (the dashboard's audit tab's endpoint), under its area; and the reader's area filter through its index.

let t: Awaited<ReturnType<typeof setupApp>>;
let master: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await setupApp();
  master = await signedIn(t.app, t.db, 'master_admin', 'trail-master');
  admin = await signedIn(t.app, t.db, 'admin', 'trail-admin');
});
afterAll(() => t.cleanup());

type Page = { items: AuditEvent[]; total: number; page: number; pageSize: number };
const read = async (query: string) => {
  const res = await master.b.get(`/api/admin/audit-events?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as unknown as Page;
};
/** The events an action added, read from the reader: everything newer than the newest event before it. */
async function eventsOf(action: () => Promise<unknown>) {
  const [newest] = (await read('pageSize=1')).items;
  await action();
  return (await read('pageSize=100')).items.filter((e) => e.id > (newest?.id ?? 0));
}

async function account(username: string, role: 'client' | 'admin') {
  const [row] = await t.db
    .insert(users)
    .values({ username, email: `${username}@example.nz`, password: await hashPassword(TEST_PASSWORD), role })
    .returning();
  return row!;
}

describe('one action of each area', () => {
  it('writes exactly one event, under its area, read back from the one reader', async () => {
    const masterEmail = `${master.username}@example.nz`;
    const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBeLessThan(300);
    const lead = (
      await t.db
        .insert(contactInquiries)
        .values({ businessName: 'Ngaruawahia Joinery', contactName: 'Mere', contactEmail: 'mere@example.nz' })
        .returning()
    )[0]!;
    const client = await account('trail-client', 'client');
    const locked = await account('trail-locked', 'admin');
    const [request] = await t.db
      .insert(privacyRequests)
      .values({ email: 'asker@example.nz', kind: 'access', status: 'open', confirmedAt: new Date() })
      .returning();
    const [gone] = await t.db
      .insert(privacyRequests)
      .values({ email: 'forget.me@example.nz', kind: 'deletion', status: 'open', confirmedAt: new Date() })
      .returning();
    let tokenId = 0;

    const actions: [string, AuditEvent['area'], () => Promise<unknown>, Partial<AuditEvent>][] = [
      [
        'content save',
        'content',
        async () => ok(await admin.b.post('/api/admin/case-studies', { title: 'Raglan surf school' })),
        { subjectType: 'case_study', action: 'create', actor: `${admin.username}@example.nz` },
      ],
      [
        'account role change',
        'accounts',
        async () => ok(await master.b.patch(`/api/admin/users/${client.id}/role`, { role: 'admin' })),
        {
          subjectType: 'account',
          subjectId: client.id,
          action: 'update',
          after: { username: client.username, role: 'admin' },
        },
      ],
      [
        'lead status change',
        'leads',
        async () => ok(await admin.b.patch(`/api/admin/enquiries/${lead.id}`, { status: 'contacted' })),
        {
          subjectType: 'enquiry',
          subjectId: lead.id,
          action: 'update',
          before: { status: 'new' },
          after: { status: 'contacted' },
        },
      ],
      [
        'deploy token create',
        'releases',
        async () => {
          const res = await master.b.post('/api/admin/deploy-tokens', {
            remote: 'quoting',
            label: 'CI',
            expiresInDays: 30,
          });
          ok(res);
          tokenId = (res.json.deployToken as { id: number }).id;
        },
        { action: 'deploy-token.create', actor: masterEmail, detail: 'deploy-token:quoting:CI' },
      ],
      [
        'deploy token revoke',
        'releases',
        async () => ok(await master.b.del(`/api/admin/deploy-tokens/${tokenId}`)),
        { action: 'deploy-token.revoke', subjectType: 'deploy token', actor: masterEmail },
      ],
      [
        'factor reset',
        'accounts',
        async () => ok(await master.b.post(`/api/admin/users/${locked.id}/reset-second-factor`)),
        {
          action: 'reset-second-factor',
          subjectType: 'account',
          subjectId: locked.id,
          actorId: master.id,
          detail: locked.email,
        },
      ],
      [
        'privacy export',
        'privacy',
        async () => ok(await admin.b.get(`/api/admin/privacy-requests/${request!.id}/export.zip`)),
        { action: 'export', subjectType: 'privacy request', subjectId: request!.id, actor: admin.username },
      ],
      [
        'privacy erase',
        'privacy',
        async () => ok(await admin.b.post(`/api/admin/privacy-requests/${gone!.id}/erase`)),
        { action: 'erase', subjectType: 'privacy request', subjectId: gone!.id },
      ],
    ];
    const seen = new Set<string>();
    for (const [name, area, action, expected] of actions) {
      const events = await eventsOf(action);
      expect(events, name).toHaveLength(1);
      expect(events[0], name).toMatchObject({ area, ...expected });
      seen.add(area);
    }
    expect([...seen].sort()).toEqual([...AUDIT_AREAS].sort());
    // The deploy token's events name it by its id.
    expect((await read('area=releases')).items.map((e) => e.subjectId)).toEqual([tokenId, tokenId]);
    // A status change is on the lead's timeline once and in the audit trail once: no second store.
    const timeline = await t.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadType, 'enquiry'), eq(leadEvents.leadId, lead.id), eq(leadEvents.kind, 'status')));
    expect(timeline).toHaveLength(1);
  });
});

describe('the reader', () => {
  it('filters by area, pages newest first, refuses an unknown area in words, and is for master admins only', async () => {
    await t.db.insert(auditEvents).values(
      Array.from({ length: 30 }, (_, i) => ({
        area: i % 3 ? ('content' as const) : ('privacy' as const),
        action: 'update',
        actor: 'filler@example.nz',
        subjectType: 'blog_post',
        subjectId: i,
      })),
    );
    const all = await t.db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.area, 'privacy'));
    const pages = [await read('area=privacy&pageSize=4&page=1'), await read('area=privacy&pageSize=4&page=2')];
    expect(pages[0]!.total).toBe(all.length);
    const ids = pages.flatMap((p) => p.items.map((e) => e.id));
    expect(ids).toEqual(
      all
        .map((r) => r.id)
        .sort((a, b) => b - a)
        .slice(0, 8),
    );
    expect(pages.flatMap((p) => p.items).every((e) => e.area === 'privacy')).toBe(true);

    const bad = await master.b.get('/api/admin/audit-events?area=everything');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^area must be one of content, accounts, leads, releases, privacy/);
    expect((await admin.b.get('/api/admin/audit-events?area=content')).status).toBe(403);
  });

  it("reads an area's page and its count through the area index, never a sort of the table", async () => {
    const statements = await statementsSent(t.db.$client, async () => {
      for (const area of AUDIT_AREAS) for (const page of [1, 2]) await read(`area=${area}&page=${page}&pageSize=5`);
    });
    const reads = statements.filter((s) => /from "audit_events"/.test(s.sql));
    expect(reads.length).toBe(AUDIT_AREAS.length * 2 * 2);
    for (const read of reads) {
      const { sql } = read;
      const plan = await planOf(t.db.$client, read);
      expect(plan, sql).toMatch(/audit_events USING (COVERING )?INDEX audit_events_area_idx/);
      expect(plan, sql).not.toMatch(/TEMP B-TREE/);
    }
  });
});
