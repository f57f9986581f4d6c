import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './passwords';
import { stepAt, totpCode } from './totp';
import { outbox, passkeys, securityAuditView as securityAudit, sessions, totpFactors, users } from '../../platform/db';
import { browser, fromBase32, signedIn, TEST_PASSWORD } from '../../../test/auth-client';
import { localFetch } from '../../../testing/local-fetch';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';
import { softAuthenticator, type SoftAuthenticator } from '../../../test/soft-authenticator';

/**
 * People always have a way back in (decision 0083): a client's passkey is another way in, never the only one unless
 * they chose a second step with recovery codes saved; a master admin resets a client's factors too. And factor changes
 * hold under races and odd paths: the last-factor check is in the statement that deletes, a disabled account's passkey
 * signs nothing in, and an authenticator setup keeps its key across a reload. Real HTTP, a real libSQL file, real
 * WebAuthn signatures (test/soft-authenticator.ts) and a real SMTP server.
 */
/**
 * The portal's origin (decision 0077): passkeys are made for it and its API is called there. A `.localhost` name, so
 * the requests over real HTTP below reach it on loopback (`localFetch`), as a browser's do.
 */
const ORIGIN = 'http://portal.localhost';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'http://localhost', PORTAL_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

type Browser = ReturnType<typeof browser>;
let n = 0;

async function account(role: 'client' | 'admin' | 'master_admin', stem: string) {
  const username = `${stem}${++n}`;
  const [row] = await t.db
    .insert(users)
    .values({ username, email: `${username}@example.nz`, password: await hashPassword(TEST_PASSWORD), role })
    .returning();
  return row!;
}

/** A passkey added through the Security panel's two calls. */
async function addPasskey(b: Browser, key: SoftAuthenticator, name: string) {
  const options = await b.post('/api/account/passkeys/options');
  expect(options.status, options.text).toBe(200);
  const added = await b.post('/api/account/passkeys', { name, response: key.register(options.json) });
  expect(added.status, added.text).toBe(201);
  return added.json.id as string;
}

/** A passkey proof: passwordless, a pending sign-in's second step, or a step-up, by the session the browser has. */
async function usePasskey(b: Browser, key: SoftAuthenticator, id?: string) {
  const options = await b.post('/api/auth/passkey/options');
  expect(options.status, options.text).toBe(200);
  return b.post('/api/auth/passkey', { response: key.assert(options.json, id) });
}

const password = (b: Browser, username: string) => b.post('/api/login', { username, password: TEST_PASSWORD });

describe('a client with a passkey always has a way back', () => {
  it('signs in elsewhere with the password alone: the passkey is another way in', async () => {
    const client = await account('client', 'laptopless');
    const phone = browser(t.app);
    expect((await password(phone, client.username)).status).toBe(200);
    const key = softAuthenticator(ORIGIN);
    await addPasskey(phone, key, 'Phone');

    // At a computer without the phone: the password is enough, as before the passkey.
    const desk = browser(t.app);
    const answer = await password(desk, client.username);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ username: client.username, role: 'client' });
    expect((await desk.get('/api/auth/user')).status).toBe(200);
    // And the passkey alone signs in too.
    const elsewhere = browser(t.app);
    expect((await usePasskey(elsewhere, key)).status).toBe(200);
  });

  it('is asked for a passkey after the password only once they chose it with recovery codes saved', async () => {
    const client = await account('client', 'careful');
    const b = browser(t.app);
    await password(b, client.username);
    const key = softAuthenticator(ORIGIN);
    await addPasskey(b, key, 'Phone');
    // Not without recovery codes: they are the way in without the phone.
    const early = await b.put('/api/account/second-step', { on: true });
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(/recovery codes/);
    const codes = (await b.post('/api/account/recovery-codes')).json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect((await b.put('/api/account/second-step', { on: true })).json).toMatchObject({ secondStep: true });
    expect((await b.get('/api/account/security')).json).toMatchObject({ secondStep: true, recoveryCodesLeft: 10 });

    const desk = browser(t.app);
    expect((await password(desk, client.username)).json).toEqual({
      secondFactor: 'verify',
      totp: false,
      passkeys: true,
    });
    // The page of a reload mid sign-in learns what is still owed.
    expect((await desk.get('/api/auth/second-factor')).json).toEqual({
      secondFactor: 'verify',
      totp: false,
      passkeys: true,
    });
    expect((await desk.get('/api/auth/user')).status).toBe(401);
    // Without the phone: a recovery code.
    const through = await desk.post('/api/auth/second-factor', { code: codes[0] });
    expect(through.status, through.text).toBe(200);
    expect((await desk.get('/api/auth/user')).json).toMatchObject({ username: client.username });

    // Its sign-in now asks for a second factor, and so do its step-ups: the password no longer does.
    expect((await b.del(`/api/account/passkeys/${[...key.credentials.keys()][0]}`)).json.errors).toHaveProperty(
      'secondFactor',
    );
    expect((await usePasskey(b, key)).status).toBe(200);
    // While the sign-in asks for it, the last passkey stays; turned off, it can go.
    const keyId = [...key.credentials.keys()][0]!;
    const kept = await b.del(`/api/account/passkeys/${keyId}`);
    expect(kept.status).toBe(409);
    expect(kept.json.message).toMatch(/turn the second step off/);
    expect((await b.put('/api/account/second-step', { on: false })).json).toMatchObject({ secondStep: false });
    expect((await b.del(`/api/account/passkeys/${keyId}`)).status).toBe(200);
    expect((await password(browser(t.app), client.username)).json).toMatchObject({ username: client.username });
  });

  it("lets a master admin reset a client's factors: audited, the client told, the password alone signs in", async () => {
    const master = await signedIn(t.app, t.db, 'master_admin', `resetter${++n}`);
    const client = await account('client', 'lostall');
    const b = browser(t.app);
    await password(b, client.username);
    await addPasskey(b, softAuthenticator(ORIGIN), 'Lost phone');
    await b.post('/api/account/recovery-codes');
    await b.put('/api/account/second-step', { on: true });
    expect((await password(browser(t.app), client.username)).json).toMatchObject({ secondFactor: 'verify' });

    const reset = await master.b.post(`/api/admin/users/${client.id}/reset-second-factor`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json.message).toMatch(/password alone/);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, client.id))).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.id, client.id)))[0]!.secondStepAt).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, client.id))).toEqual([]);
    const [audit] = await t.db.select().from(securityAudit).where(eq(securityAudit.subjectId, client.id));
    expect(audit).toMatchObject({ actorId: master.id, action: 'reset-second-factor' });
    await t.mailer.idle();
    const [told] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, client.email), like(outbox.subject, '%reset%')));
    expect(told?.subject).toMatch(/second factors were reset/);
    expect(told?.text).toContain(`${master.username}@example.nz`);
    expect((await password(browser(t.app), client.username)).json).toMatchObject({ username: client.username });
  });
});

describe('factor changes hold under races and odd paths', () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    // The portal's name on the listening port: the account API answers there only (the public origin answers 421).
    base = `${ORIGIN}:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('never leaves a passkey-only admin without a factor, when three DELETEs arrive at once over HTTP', async () => {
    for (let round = 0; round < 3; round++) {
      const admin = await account('admin', 'threekeys');
      const key = softAuthenticator(ORIGIN);
      const b = browser(t.app);
      // Enrolled at the first sign-in, three passkeys added, then the app gone: a passkey-only admin.
      await password(b, admin.username);
      const setup = await b.post('/api/auth/totp/setup');
      await b.post('/api/auth/totp/confirm', {
        code: totpCode(fromBase32(setup.json.secret as string), stepAt(Date.now())),
      });
      const ids = [await addPasskey(b, key, 'One'), await addPasskey(b, key, 'Two'), await addPasskey(b, key, 'Three')];
      await t.db.delete(totpFactors).where(eq(totpFactors.userId, admin.id));

      const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const answers = await Promise.all(
        ids.map((id) => localFetch(`${base}/api/account/passkeys/${id}`, { method: 'DELETE', headers: { cookie } })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 200, 409]);
      const left = await t.db.select().from(passkeys).where(eq(passkeys.userId, admin.id));
      expect(left).toHaveLength(1);
      // And the one left still signs them in.
      const again = browser(t.app);
      expect((await password(again, admin.username)).json).toEqual({
        secondFactor: 'verify',
        totp: false,
        passkeys: true,
      });
      expect((await usePasskey(again, key, left[0]!.id)).status).toBe(200);
    }
  });

  it('refuses a passkey sign-in to a disabled account as a password sign-in is, with no session and no e-mail', async () => {
    const client = await account('client', 'disabled');
    const b = browser(t.app);
    await password(b, client.username);
    const key = softAuthenticator(ORIGIN);
    await addPasskey(b, key, 'Phone');
    // As the Users tab's Disable does: the account off and its sessions ended.
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, client.id));
    await t.db.delete(sessions).where(eq(sessions.userId, client.id));
    await t.mailer.idle();
    const mailsBefore = await t.db.select().from(outbox).where(eq(outbox.to, client.email));

    const stranger = browser(t.app);
    const refused = await usePasskey(stranger, key);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/disabled/);
    expect(refused.headers.getSetCookie().some((c) => /^session=[^;]/.test(c))).toBe(false);
    expect((await stranger.get('/api/auth/user')).status).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, client.id), eq(sessions.pending, false))),
    ).toEqual([]);
    // The same words as the password's refusal.
    const byPassword = await password(browser(t.app), client.username);
    expect(byPassword.status).toBe(403);
    expect(byPassword.json.message).toBe(refused.json.message);
    await t.mailer.idle();
    expect(await t.db.select().from(outbox).where(eq(outbox.to, client.email))).toEqual(mailsBefore);
  });

  it('keeps the authenticator key of a setup across a reload, until it is replaced on purpose', async () => {
    const staff = await account('admin', 'reloader');
    const b = browser(t.app);
    expect((await password(b, staff.username)).json).toMatchObject({ secondFactor: 'enrol' });
    const first = await b.post('/api/auth/totp/setup');
    // The page reloads: it asks what the sign-in owes, then for the setup again, and is shown the same key.
    expect((await b.get('/api/auth/second-factor')).json).toEqual({
      secondFactor: 'enrol',
      totp: false,
      passkeys: false,
    });
    const reloaded = await b.post('/api/auth/totp/setup');
    expect(reloaded.json.secret).toBe(first.json.secret);
    expect(reloaded.json.qrCode).toBe(first.json.qrCode);

    // A new key only when asked for; then the first one no longer confirms.
    const replaced = await b.post('/api/auth/totp/setup?replace=1');
    expect(replaced.json.secret).not.toBe(first.json.secret);
    const old = totpCode(fromBase32(first.json.secret as string), stepAt(Date.now()));
    expect((await b.post('/api/auth/totp/confirm', { code: old })).status).toBe(400);
    // Another sign-in with the password (someone else who has it) gets a key of its own, which voids this one.
    const other = browser(t.app);
    await password(other, staff.username);
    const theirs = await other.post('/api/auth/totp/setup');
    expect(theirs.json.secret).not.toBe(replaced.json.secret);
    expect((await b.post('/api/auth/totp/setup')).json.secret).not.toBe(theirs.json.secret);

    const current = await b.post('/api/auth/totp/setup');
    const confirmed = await b.post('/api/auth/totp/confirm', {
      code: totpCode(fromBase32(current.json.secret as string), stepAt(Date.now())),
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await b.get('/api/admin/clients')).status).toBe(200);
  });
});
