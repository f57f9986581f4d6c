import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleConnections, googleOauthAttempts } from '../../platform/db';
import { setupApp } from '../../../test/helpers';
import { signedIn } from '../../../test/auth-client';
import { googleKit, type Account, type Kit } from './google-test-kit';

let k: Kit;
let staff: Account;
let other: Account;
let client: Account;
beforeAll(async () => {
  k = await googleKit();
  [staff, other, client] = [await k.account('admin'), await k.account('admin'), await k.account('client')];
});
afterAll(() => k.cleanup());

/** Every column of the client's connection row, as text: what a copy of the database holds. */
const storedText = async (clientId: number) =>
  JSON.stringify(await k.t.db.all(sql`select * from google_connections where clientId = ${clientId}`));

describe('connecting a client to Google', () => {
  it('goes to the consent page with PKCE, offline access and the read-only scopes, and stores the grant sealed', async () => {
    const state = await staff.b.get(`/api/admin/clients/${client.id}/google`);
    expect(state.json).toEqual({ configured: true, connection: null });

    const { back, answer } = await k.connect(staff, client.id);
    expect(back.origin + back.pathname).toBe(`${k.t.env.publicConfig.portalOrigin}/dashboard`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      clientId: client.id,
      connected: true,
      message: `Google connected for ${client.username}.`,
    });
    const authorize = k.standIn.requests.find((r) => r.api === 'authorize')!.body as Record<string, string>;
    expect(authorize).toMatchObject({ access_type: 'offline', code_challenge_method: 'S256', prompt: 'consent' });

    const grant = k.standIn.grants.at(-1)!;
    expect(grant.revoked).toBe(false);
    const stored = await storedText(client.id);
    expect(stored).toMatch(/"refreshToken":"v1\./);
    expect(stored).not.toContain(grant.refreshToken);
    expect(stored).not.toContain(grant.refreshToken.slice(4));

    const now = await staff.b.get(`/api/admin/clients/${client.id}/google`);
    expect(now.json).toMatchObject({
      configured: true,
      connection: {
        connectedBy: staff.username,
        granted: true,
        scopes: expect.arrayContaining(['https://www.googleapis.com/auth/analytics.readonly']),
        ga4Property: null,
        searchConsoleSite: null,
        lastError: null,
      },
    });
    expect(now.text).not.toContain(grant.refreshToken);
    // The state is gone once used.
    expect(await k.t.db.$count(googleOauthAttempts)).toBe(0);
  });

  it('refuses a state used once already, one never issued, and one started by another staff member', async () => {
    const started = await staff.b.post(`/api/admin/clients/${client.id}/google/connect`);
    const back = await k.consent(started.json.authorizeUrl as string);
    const body = { state: back.searchParams.get('state'), code: back.searchParams.get('code') };

    const stolen = await other.b.post('/api/admin/google/callback', body);
    expect(stolen.status).toBe(403);
    expect(stolen.json.message).toMatch(/another staff member/);

    const first = await staff.b.post('/api/admin/google/callback', body);
    expect(first.status).toBe(200);
    const again = await staff.b.post('/api/admin/google/callback', body);
    expect(again.status).toBe(400);
    expect(again.json.message).toMatch(/^state is unknown or was already used/);

    const made = await staff.b.post('/api/admin/google/callback', { state: 'made-up', code: '4/x' });
    expect(made.status).toBe(400);
    expect((await staff.b.post('/api/admin/google/callback', { code: '4/x' })).json.message).toMatch(/state/);
  });

  it('refuses a state older than ten minutes, and a code Google does not accept with a 502', async () => {
    const started = await staff.b.post(`/api/admin/clients/${client.id}/google/connect`);
    const back = await k.consent(started.json.authorizeUrl as string);
    await k.t.db.update(googleOauthAttempts).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await staff.b.post('/api/admin/google/callback', {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
    });
    expect(late.status).toBe(400);
    expect(late.json.message).toMatch(/^state has expired/);

    const next = await staff.b.post(`/api/admin/clients/${client.id}/google/connect`);
    const state = new URL(next.json.authorizeUrl as string).searchParams.get('state');
    const wrong = await staff.b.post('/api/admin/google/callback', { state, code: '4/never-issued' });
    expect(wrong.status).toBe(502);
    expect(wrong.json.message).toMatch(/invalid_grant/);
  });

  it('says the refusal when the staff member cancels on the consent page, and stores nothing', async () => {
    const someone = await k.account('client');
    const { body, answer } = await k.connect(staff, someone.id, 'Cancel');
    expect(body).toMatchObject({ error: 'access_denied' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      clientId: someone.id,
      connected: false,
      message: `Google access was not granted for ${someone.username}: nothing was connected.`,
    });
    expect(await k.t.db.$count(googleConnections, eq(googleConnections.clientId, someone.id))).toBe(0);
  });

  it('replaces the grant when connecting again, and revokes the old one at Google', async () => {
    const someone = await k.account('client');
    await k.connect(staff, someone.id);
    const first = k.standIn.grants.at(-1)!;
    await k.connect(other, someone.id);
    const second = k.standIn.grants.at(-1)!;
    expect(first.revoked).toBe(true);
    expect(second.revoked).toBe(false);
    const state = await staff.b.get(`/api/admin/clients/${someone.id}/google`);
    expect(state.json.connection).toMatchObject({ connectedBy: other.username, granted: true });
  });

  it('says clearly when Google sent no refresh token', async () => {
    const someone = await k.account('client');
    k.standIn.fail('token', { status: 200, body: { access_token: 'ya29.x', expires_in: 3599, token_type: 'Bearer' } });
    const { answer } = await k.connect(staff, someone.id);
    expect(answer.status).toBe(502);
    expect(answer.json.message).toMatch(/^Google sent no refresh token/);
  });

  it('is for staff only, and names a client account', async () => {
    expect((await client.b.post(`/api/admin/clients/${client.id}/google/connect`)).status).toBe(403);
    expect((await staff.b.post(`/api/admin/clients/${staff.id}/google/connect`)).status).toBe(404);
    expect((await staff.b.post('/api/admin/clients/x/google/connect')).json.message).toMatch(/clientId/);
  });
});

describe('a gateway without Google configured', () => {
  it('says so, naming the variables, and connects nothing', async () => {
    const t = await setupApp({ LOG_LEVEL: 'silent' });
    try {
      const admin = await signedIn(t.app, t.db, 'admin', 'unconfigured-admin');
      const someone = await signedIn(t.app, t.db, 'client', 'unconfigured-client');
      expect((await admin.b.get(`/api/admin/clients/${someone.id}/google`)).json).toEqual({
        configured: false,
        connection: null,
      });
      for (const res of [
        await admin.b.post(`/api/admin/clients/${someone.id}/google/connect`),
        await admin.b.get(`/api/admin/clients/${someone.id}/google/sources`),
        await admin.b.post('/api/admin/google/callback', { state: 'x', code: 'y' }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.json.message).toMatch(/^Google is not configured on this gateway \(GOOGLE_CLIENT_ID/);
      }
    } finally {
      await t.cleanup();
    }
  });
});
