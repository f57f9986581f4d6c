import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED } from '../../../testing/google-stand-in';
import { auditEvents, googleConnections, googleDailyFigures, googleOauthAttempts, users } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { retention } from '../leads';
import { eraseEverywhere } from '../privacy/erase';
import { grantRevoker } from './connections';
import { googleKit, type Account, type Kit } from './google-test-kit';

let k: Kit;
let staff: Account;
beforeAll(async () => {
  k = await googleKit();
  staff = await k.account('admin');
});
afterAll(() => k.cleanup());

const connected = async () => {
  const client = await k.account('client');
  const { answer } = await k.connect(staff, client.id);
  expect(answer.status).toBe(200);
  return { client, grant: k.standIn.grants.at(-1)! };
};

describe("choosing a client's GA4 property and Search Console site", () => {
  it('drops the figures of sources no longer chosen and fetches the months again; the same choice keeps them', async () => {
    const { client } = await connected();
    const choose = (ga4Property: string) =>
      staff.b.put(`/api/admin/clients/${client.id}/google/sources`, {
        ga4Property,
        searchConsoleSite: 'sc-domain:client.example.nz',
      });
    expect((await choose('properties/312000111')).status).toBe(200);
    await k.t.db.insert(googleDailyFigures).values({ clientId: client.id, day: '2026-11-20', sessions: 42 });
    await k.t.db
      .update(googleConnections)
      .set({ lastFetchedDay: '2026-11-20', backfillFrom: null })
      .where(eq(googleConnections.clientId, client.id));
    const rows = () => k.t.db.select().from(googleDailyFigures).where(eq(googleDailyFigures.clientId, client.id));
    const connection = async () =>
      (await k.t.db.select().from(googleConnections).where(eq(googleConnections.clientId, client.id)))[0]!;
    expect((await choose('properties/312000111')).status).toBe(200);
    expect(await rows()).toHaveLength(1);
    expect((await connection()).lastFetchedDay).toBe('2026-11-20');
    expect((await choose('properties/312000222')).status).toBe(200);
    expect(await rows()).toEqual([]);
    expect(await connection()).toMatchObject({
      lastFetchedDay: null,
      backfillFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('lists what the grant can read, and saves a choice among it', async () => {
    const { client, grant } = await connected();
    const sources = await staff.b.get(`/api/admin/clients/${client.id}/google/sources`);
    expect(sources.status).toBe(200);
    expect(sources.json).toEqual({
      properties: [
        { id: 'properties/312000111', name: 'Client site (GA4)', account: 'Client account' },
        { id: 'properties/312000222', name: 'Client shop (GA4)', account: 'Client account' },
      ],
      sites: [
        { url: 'sc-domain:client.example.nz', permission: 'siteFullUser' },
        { url: 'https://shop.client.example.nz/', permission: 'siteFullUser' },
      ],
    });
    const saved = await staff.b.put(`/api/admin/clients/${client.id}/google/sources`, {
      ga4Property: 'properties/312000222',
      searchConsoleSite: 'sc-domain:client.example.nz',
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      ga4Property: { id: 'properties/312000222', name: 'Client shop (GA4)' },
      searchConsoleSite: 'sc-domain:client.example.nz',
      connectedBy: staff.username,
      granted: true,
    });
    for (const res of [sources, saved]) expect(res.text).not.toContain(grant.refreshToken);
    // None is a choice too.
    const none = await staff.b.put(`/api/admin/clients/${client.id}/google/sources`, {
      ga4Property: null,
      searchConsoleSite: 'https://shop.client.example.nz/',
    });
    expect(none.json).toMatchObject({ ga4Property: null, searchConsoleSite: 'https://shop.client.example.nz/' });
    const chosen = await k.t.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, client.id), eq(auditEvents.action, 'choose-google-sources')));
    expect(chosen.map((e) => e.after)).toEqual([
      { ga4Property: 'properties/312000222', searchConsoleSite: 'sc-domain:client.example.nz' },
      { ga4Property: null, searchConsoleSite: 'https://shop.client.example.nz/' },
    ]);
  });

  it('refuses a property or site the grant does not list, naming the field', async () => {
    const { client } = await connected();
    const property = await staff.b.put(`/api/admin/clients/${client.id}/google/sources`, {
      ga4Property: 'properties/999',
      searchConsoleSite: null,
    });
    expect(property.status).toBe(400);
    expect(property.json.message).toMatch(/^ga4Property properties\/999 is not among/);
    const site = await staff.b.put(`/api/admin/clients/${client.id}/google/sources`, {
      ga4Property: null,
      searchConsoleSite: 'https://elsewhere.example.nz/',
    });
    expect(site.status).toBe(400);
    expect(site.json.message).toMatch(/^searchConsoleSite .* is not among/);
    const shape = await staff.b.put(`/api/admin/clients/${client.id}/google/sources`, {
      ga4Property: 'GA-123',
      searchConsoleSite: null,
    });
    expect(shape.status).toBe(400);
    expect(shape.json.message).toMatch(/ga4Property/);
  });

  it("answers Google's failures with a 502 that says what happened, and drops a grant Google refused", async () => {
    const { client } = await connected();
    k.standIn.fail('accountSummaries', RECORDED.backendError);
    const down = await staff.b.get(`/api/admin/clients/${client.id}/google/sources`);
    expect(down.status).toBe(502);
    expect(down.json.message).toMatch(/^Google did not answer .*503 The service is currently unavailable/);

    k.standIn.fail('token', RECORDED.invalidGrant);
    const refused = await staff.b.get(`/api/admin/clients/${client.id}/google/sources`);
    expect(refused.status).toBe(502);
    expect(refused.json.message).toMatch(/^Google refused the client's grant \(invalid_grant/);
    const state = await staff.b.get(`/api/admin/clients/${client.id}/google`);
    expect(state.json.connection).toMatchObject({ granted: false, lastError: expect.stringMatching(/invalid_grant/) });
    expect((await staff.b.get(`/api/admin/clients/${client.id}/google/sources`)).status).toBe(409);
  });

  it('says a client with no connection must be connected first', async () => {
    const client = await k.account('client');
    const res = await staff.b.get(`/api/admin/clients/${client.id}/google/sources`);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/not connected/);
  });
});

describe('disconnecting', () => {
  it('revokes the grant at Google and removes the connection', async () => {
    const { client, grant } = await connected();
    const res = await staff.b.del(`/api/admin/clients/${client.id}/google`);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(`Google disconnected for ${client.username}.`);
    expect(grant.revoked).toBe(true);
    expect((await staff.b.get(`/api/admin/clients/${client.id}/google`)).json.connection).toBeNull();
    expect((await staff.b.del(`/api/admin/clients/${client.id}/google`)).status).toBe(404);
    const trail = await k.t.db
      .select({ action: auditEvents.action, actor: auditEvents.actor, detail: auditEvents.detail })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, client.id));
    expect(trail).toEqual([
      { action: 'connect-google', actor: staff.username, detail: '' },
      { action: 'disconnect-google', actor: staff.username, detail: 'The grant was revoked at Google.' },
    ]);
  });

  it('removes the connection even when Google does not confirm the revoke, and says so', async () => {
    const { client, grant } = await connected();
    // google-auth-library retries a revoke that failed on Google's side; every try fails here.
    k.standIn.fail('revoke', RECORDED.backendError, 10);
    const res = await staff.b.del(`/api/admin/clients/${client.id}/google`);
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/Google did not confirm the grant was revoked/);
    expect(grant.revoked).toBe(false);
    expect(k.standIn.requests.filter((r) => r.api === 'revoke').length).toBeGreaterThan(1);
    expect(await k.t.db.$count(googleConnections, eq(googleConnections.clientId, client.id))).toBe(0);
    k.standIn.clearFailures('revoke');
  });
});

describe('erasing a client', () => {
  const revoke = () => grantRevoker(k.t.db, k.t.env.google, createLogger('silent'));

  it('by a privacy request revokes the grant at Google, then the rows go with the account', async () => {
    const { client, grant } = await connected();
    await staff.b.post(`/api/admin/clients/${client.id}/google/connect`); // a round trip under way
    await eraseEverywhere(
      k.t.db,
      k.t.stores.files,
      `${client.username}@example.nz`,
      { id: staff.id, name: staff.username },
      { type: 'test' },
      revoke(),
    );
    expect(grant.revoked).toBe(true);
    expect(await k.t.db.$count(users, eq(users.id, client.id))).toBe(0);
    expect(await k.t.db.$count(googleConnections, eq(googleConnections.clientId, client.id))).toBe(0);
    expect(await k.t.db.$count(googleOauthAttempts, eq(googleOauthAttempts.clientId, client.id))).toBe(0);
  });

  it('by the retention run revokes the grant at Google, then the rows go with the account', async () => {
    const { client, grant } = await connected();
    await k.t.db
      .update(users)
      .set({ disabledAt: new Date(Date.now() - 8 * 366 * 24 * 3_600_000) })
      .where(eq(users.id, client.id));
    await retention(k.t.db, createLogger('silent'), { files: k.t.stores.files, revokeGrants: revoke() }).run();
    expect(grant.revoked).toBe(true);
    expect(await k.t.db.$count(users, eq(users.id, client.id))).toBe(0);
    expect(await k.t.db.all(sql`select 1 from google_connections where clientId = ${client.id}`)).toEqual([]);
  });
});
