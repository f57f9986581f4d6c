import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientHolds,
  contactInquiries,
  contentAuditView as contentAudit,
  dataAuditView as dataAudit,
  outbox,
  files,
  metrics,
  monthlyReports,
  passkeys,
  passwordResetTokens,
  rateLimits,
  recoveryCodes,
  sessions,
  totpFactors,
  users,
  auditEvents,
} from '../../platform/db';
import { retention } from './retention';
import { createLogger } from '../../platform/logger';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await setupApp({ LOG_LEVEL: 'error' });
  staff = await signedIn(t.app, t.db, 'master_admin', 'whetu');
});
afterAll(() => t.cleanup());

const DAY = 24 * 3_600_000;
const logger = createLogger('silent');
const job = () => retention(t.db, logger, { files: t.stores.files });
const yearsAgo = (years: number, days = 0) => {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return new Date(at.getTime() - days * DAY);
};

/**
 * A client with everything the portal keeps for one: a session, second factors, a passkey, a reset link, a report,
 * figures, a file (row and stored object), sign-in counters, an e-mail in the outbox, and two leads of their
 * address: one from three years ago (client data) and one from last month (a new enquiry).
 */
async function clientWithRecords(name: string, closedAt: Date | null) {
  const client = await signedIn(t.app, t.db, 'client', name);
  const email = `${name}@example.nz`;
  const key = `clients/${client.id}/${name}-report.pdf`;
  expect(await t.stores.files.put(key, Buffer.from(`%PDF-1.4 ${name}`))).toBe(true);
  await t.db.batch([
    t.db.insert(files).values({ userId: client.id, name: 'report.pdf', type: 'application/pdf', path: key, size: 12 }),
    t.db.insert(monthlyReports).values({ clientId: client.id, reportDate: '2019-01-01', websiteTraffic: 10 }),
    t.db.insert(metrics).values({ userId: client.id, date: '2019-01-31', seo: { rank: 3 } }),
    t.db.insert(totpFactors).values({ userId: client.id, secret: 'sealed' }),
    t.db.insert(recoveryCodes).values({ userId: client.id, codeHash: `code-${name}` }),
    t.db
      .insert(passkeys)
      .values({ id: `pk-${name}`, userId: client.id, name: 'Laptop', publicKey: 'k', transports: ['internal'] }),
    t.db
      .insert(passwordResetTokens)
      .values({ tokenHash: `reset-${name}`, userId: client.id, expiresAt: new Date(Date.now() + DAY) }),
    t.db.insert(rateLimits).values([
      { key: `login:user:${name}`, count: 1, resetAt: new Date(Date.now() + DAY) },
      { key: `login:device:${email}:nonce`, count: 1, resetAt: new Date(Date.now() + DAY) },
    ]),
    t.db.insert(outbox).values({ channel: 'email', to: email, subject: 'Your report', text: 'Your report is ready.' }),
  ]);
  const [oldLead] = await t.db
    .insert(contactInquiries)
    .values({ businessName: `${name} Ltd`, contactName: name, contactEmail: email, createdAt: yearsAgo(9) })
    .returning();
  const [newLead] = await t.db
    .insert(contactInquiries)
    .values({ businessName: `${name} Ltd`, contactName: name, contactEmail: email, createdAt: yearsAgo(0, 30) })
    .returning();
  await t.db.update(users).set({ disabledAt: closedAt }).where(eq(users.id, client.id));
  return { id: client.id, name, email, key, oldLead: oldLead!.id, newLead: newLead!.id };
}

type Client = Awaited<ReturnType<typeof clientWithRecords>>;

/** What is still held for a client, row by row, and whether its file's object is still stored. */
async function holdings(c: Client) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    account: await count(t.db.select().from(users).where(eq(users.id, c.id))),
    sessions: await count(t.db.select().from(sessions).where(eq(sessions.userId, c.id))),
    files: await count(t.db.select().from(files).where(eq(files.userId, c.id))),
    object: (await t.stores.files.head(c.key)) !== null,
    reports: await count(t.db.select().from(monthlyReports).where(eq(monthlyReports.clientId, c.id))),
    metrics: await count(t.db.select().from(metrics).where(eq(metrics.userId, c.id))),
    secondFactors:
      (await count(t.db.select().from(totpFactors).where(eq(totpFactors.userId, c.id)))) +
      (await count(t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, c.id)))),
    passkeys: await count(t.db.select().from(passkeys).where(eq(passkeys.userId, c.id))),
    resetLinks: await count(t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, c.id))),
    counters: await count(
      t.db
        .select()
        .from(rateLimits)
        .where(sql`${rateLimits.key} in (${`login:user:${c.name}`}, ${`login:device:${c.email}:nonce`})`),
    ),
    outbox: await count(
      t.db
        .select()
        .from(outbox)
        .where(sql`${outbox.to} = ${c.email} and ${outbox.subject} = 'Your report'`),
    ),
    oldLead: await count(t.db.select().from(contactInquiries).where(eq(contactInquiries.id, c.oldLead))),
  };
}

const everything = {
  account: 1,
  sessions: 1,
  files: 1,
  object: true,
  reports: 1,
  metrics: 1,
  secondFactors: 2,
  passkeys: 1,
  resetLinks: 1,
  counters: 2,
  outbox: 1,
  oldLead: 1,
};
const nothing = {
  account: 0,
  sessions: 0,
  files: 0,
  object: false,
  reports: 0,
  metrics: 0,
  secondFactors: 0,
  passkeys: 0,
  resetLinks: 0,
  counters: 0,
  outbox: 0,
  oldLead: 0,
};

describe('client data: kept while the account is open and seven years after it is closed', () => {
  const cases = [
    { name: 'gone', closedAt: () => yearsAgo(7, 1), held: false, kept: false },
    { name: 'sixyears', closedAt: () => yearsAgo(6), held: false, kept: true },
    // Ten days short of seven years: kept, and shown as coming due so a hold can be placed in time.
    { name: 'soon', closedAt: () => yearsAgo(7, -10), held: false, kept: true },
    { name: 'active', closedAt: () => null, held: false, kept: true },
    { name: 'heldclient', closedAt: () => yearsAgo(8), held: true, kept: true },
  ];

  it('erases a client closed seven years and a day ago everywhere, and keeps the rest', async () => {
    const clients = new Map<string, Client>();
    for (const c of cases) clients.set(c.name, await clientWithRecords(c.name, c.closedAt()));
    const held = clients.get('heldclient')!;
    const aboutGone = {
      area: 'accounts',
      actor: 'whetu@example.nz',
      subjectType: 'account',
      subjectId: clients.get('gone')!.id,
    } as const;
    await t.db.insert(auditEvents).values([
      {
        ...aboutGone,
        action: 'update',
        before: { username: 'gone', access: 'enabled' },
        after: { username: 'gone', access: 'disabled' },
      },
      // A factor reset keeps the account's address in its detail until the account goes (decision 0103).
      { ...aboutGone, action: 'reset-second-factor', detail: clients.get('gone')!.email },
    ]);
    const hold = await staff.b.put(`/api/admin/users/${held.id}/hold`, { reason: 'Tax audit in progress' });
    expect(hold.status).toBe(200);
    // A hold needs a reason, and only a client account takes one.
    expect((await staff.b.put(`/api/admin/users/${held.id}/hold`, { reason: '' })).status).toBe(400);
    expect((await staff.b.put(`/api/admin/users/${staff.id}/hold`, { reason: 'Keep me' })).status).toBe(404);

    // Staff see which client accounts the next run erases: the held one is not among them.
    const preview = await staff.b.get('/api/admin/retention');
    expect(preview.status).toBe(200);
    const due = preview.json.clientsDue as { userId: number; username: string }[];
    expect(due.map((d) => d.username)).toEqual(['gone']);
    expect(preview.json.clientsDueTotal).toBe(1);
    expect((preview.json.clientsSoon as { username: string }[]).map((d) => d.username)).toEqual(['soon']);
    expect((preview.json.clientsHeld as { username: string; reason: string }[]).map((h) => h.username)).toEqual([
      'heldclient',
    ]);
    // Leads of open and recently closed clients are not due at two years; the erased client's old lead is.
    const dueLeads = (preview.json.due as { leadId: number }[]).map((d) => d.leadId);
    expect(dueLeads).toContain(clients.get('gone')!.oldLead);
    for (const name of ['sixyears', 'soon', 'active', 'heldclient'])
      expect(dueLeads).not.toContain(clients.get(name)!.oldLead);

    expect(await job().run()).toMatchObject({ clients: 1 });

    for (const c of cases) {
      const client = clients.get(c.name)!;
      expect({ name: c.name, ...(await holdings(client)) }).toEqual({
        name: c.name,
        ...(c.kept ? everything : nothing),
      });
      // A lead of the address from last month is a new enquiry, kept under the two-year rule whatever the client.
      expect(await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, client.newLead))).toHaveLength(1);
    }

    const gone = clients.get('gone')!;
    // Every e-mail to the erased client's address goes (the sign-in notices too), not only the report's.
    expect(await t.db.select().from(outbox).where(eq(outbox.to, gone.email))).toEqual([]);
    const audits = await t.db.select().from(dataAudit);
    expect(audits.map((a) => `${a.actor}:${a.action}:${a.subject}`)).toEqual(
      expect.arrayContaining([
        `whetu:hold:client account #${held.id}`,
        `retention job:erase:client account #${gone.id}`,
      ]),
    );
    expect(audits.find((a) => a.subject === `client account #${gone.id}` && a.action === 'erase')?.detail).toBe(
      'Closed more than seven years ago, not held: the account, 1 report(s), 1 file(s) and 1 lead(s).',
    );
    expect(JSON.stringify(audits)).not.toContain('gone@example.nz');
    // The account's own audit entries (its closure) keep what happened, without its name.
    const trail = await t.db
      .select()
      .from(contentAudit)
      .where(sql`${contentAudit.entity} = 'account' and ${contentAudit.entityId} = ${gone.id}`);
    expect(trail.map((r) => [r.before, r.after])).toEqual([
      [
        { username: 'erased', access: 'enabled' },
        { username: 'erased', access: 'disabled' },
      ],
    ]);
    // In the one trail: both events stay, the reset's address masked, and the address is nowhere in it.
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'account'), eq(auditEvents.subjectId, gone.id)));
    expect(events.map((e) => [e.action, e.detail])).toEqual([
      ['update', ''],
      ['reset-second-factor', 'erased'],
    ]);
    expect(JSON.stringify(await t.db.select().from(auditEvents))).not.toContain(gone.email);

    // Once the hold is lifted (audited), the next daily run erases the held client too.
    expect((await staff.b.del(`/api/admin/users/${held.id}/hold`)).status).toBe(200);
    expect(await t.db.select().from(clientHolds)).toEqual([]);
    expect(await job().run(new Date(Date.now() + 25 * 3_600_000))).toMatchObject({ clients: 1 });
    expect(await holdings(held)).toEqual(nothing);
  });

  it('re-enabling a closed client clears its closure, so the seven years no longer run', async () => {
    const client = await clientWithRecords('returning', null);
    expect((await staff.b.post(`/api/admin/users/${client.id}/disable`)).status).toBe(200);
    const [closed] = await t.db.select().from(users).where(eq(users.id, client.id));
    expect(closed!.disabledAt).toBeInstanceOf(Date);
    // As if that closure was long ago: the account is due.
    await t.db
      .update(users)
      .set({ disabledAt: yearsAgo(8) })
      .where(eq(users.id, client.id));
    const due = await staff.b.get('/api/admin/retention');
    expect((due.json.clientsDue as { userId: number }[]).map((d) => d.userId)).toContain(client.id);

    expect((await staff.b.post(`/api/admin/users/${client.id}/enable`)).status).toBe(200);
    const [reopened] = await t.db.select().from(users).where(eq(users.id, client.id));
    expect(reopened!.disabledAt).toBeNull();
    const after = await staff.b.get('/api/admin/retention');
    expect((after.json.clientsDue as { userId: number }[]).map((d) => d.userId)).not.toContain(client.id);
    await job().run(new Date(Date.now() + 50 * 3_600_000));
    expect((await holdings(client)).account).toBe(1);
    expect((await holdings(client)).oldLead).toBe(1);
  });
});
