import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@agency/contracts';
import { hashPassword } from '../src/areas/accounts/passwords';
import { stepAt, totpCode } from '../src/areas/accounts/totp';
import {
  auditEvents,
  auditLogView as auditLog,
  contentAuditView as contentAudit,
  deployTokens,
  outbox,
  passkeys,
  rateLimits,
  recoveryCodes,
  sessions,
  totpFactors,
  users,
  webauthnChallenges,
} from '../src/platform/db';
import { browser, fromBase32, proveSecondFactor, signedIn, TEST_PASSWORD } from './auth-client';
import { setupApp } from './helpers';
import { startSmtp } from './smtp';
import { softAuthenticator } from './soft-authenticator';

/**
 * Every action that creates or raises a privilege, or adds or removes a way into an account, needs a fresh factor
 * (step-up), writes an audit row in the batch of the change and e-mails the account's owner (decision 0083). The
 * endpoint table marks them with `stepUp`; this file keeps its own list, and the two must agree, so a new privilege
 * endpoint without a step-up, or one left unclassified, fails here. Real HTTP through `app.request`, a real libSQL
 * file, argon2, real WebAuthn signatures (test/soft-authenticator.ts) and a real SMTP server.
 */
/** The portal's origin (decision 0077): passkeys are made for it and its API is called there. */
const ORIGIN = 'http://portal.test';
const MINUTE = 60_000;
type Name = keyof typeof endpoints;
const table = Object.entries(endpoints) as [Name, Endpoint][];

/** What creates or raises a privilege, or adds or removes a way in: each must ask for a fresh factor. */
const PRIVILEGE: Partial<Record<Name, string>> = {
  register: 'creates a staff account when a master admin asks for a staff role',
  inviteStaff: 'creates a staff account',
  changeRole: 'raises (or lowers) what an account may do',
  disableUser: "ends an account's access",
  enableUser: "gives an account's access back",
  resetSecondFactor: "removes another account's factors",
  totpSetup: 'begins adding an authenticator app',
  totpConfirm: 'adds an authenticator app',
  newRecoveryCodes: 'makes ten new ways in',
  passkeyRegistrationOptions: 'begins adding a passkey',
  addPasskey: 'adds a way in',
  removePasskey: 'removes a way in',
  secondStep: "changes what the account's sign-in asks for",
  adminDeployTokenCreate: 'makes a credential that releases code to the site',
  adminDeployTokenRevoke: 'ends such a credential',
};
/** Sensitive enough for a step-up, but no privilege of a person changes. */
const OTHER_STEP_UP: Partial<Record<Name, string>> = {
  exportLeads: "downloads every lead's personal data",
  exportAllLeads: "downloads every lead's personal data",
  resendInvite: "a new set-password link to an invited account's own address: no access changes until it is used",
  adminReleasePromote: 'changes the live site',
  adminReleaseAbort: 'changes the live site',
  adminReleaseShare: 'changes the live site',
  adminReleaseRollback: 'changes the live site',
};
/** Writes in the areas of accounts and master admins that change no privilege (each says why). */
const ORDINARY: Partial<Record<Name, string>> = {
  login: 'proves who one is',
  logout: 'ends one session',
  changePassword: 'needs the current password, and ends the other sessions',
  forgotPassword: 'sends a link to the address on record',
  resetPassword: 'needs the link from the mailbox, and does not skip the second factor',
  secondFactor: 'proves a factor',
  passkeyOptions: 'a challenge for proving a factor',
  passkeySignIn: 'proves a factor',
  confirmPassword: 'proves the password',
  endSession: 'ends a session of ones own',
  endOtherSessions: 'ends sessions of ones own',
  holdClient: "keeps a client's data past retention; changes no access",
  releaseClientHold: 'lets retention run again; changes no access',
};
/** The areas a privilege change lives in: a new write there must be classified above. */
const inPrivilegeArea = (e: Endpoint) =>
  e.method !== 'GET' &&
  (e.access === 'master-admin' ||
    /^\/api\/(account|auth|register|login|logout|change-password|forgot-password|reset-password|admin\/users)(\/|$)/.test(
      e.path,
    ));

describe('the endpoint table and this list agree', () => {
  it('marks every privilege endpoint with a step-up, and nothing else but the listed sensitive actions', () => {
    for (const [name, e] of table) {
      if (PRIVILEGE[name])
        expect(e.stepUp, `${name} ${PRIVILEGE[name]}`).toBe(name === 'register' ? 'staff-role' : true);
      else if (e.stepUp) expect(OTHER_STEP_UP[name], `${name} has a step-up: list it`).toBeDefined();
    }
    for (const name of [...Object.keys(PRIVILEGE), ...Object.keys(OTHER_STEP_UP), ...Object.keys(ORDINARY)])
      expect(endpoints[name as Name], `${name} is no entry of the table`).toBeDefined();
  });

  it('has classified every write in the areas of accounts and master admins', () => {
    const unclassified = table
      .filter(([name, e]) => inPrivilegeArea(e) && !PRIVILEGE[name] && !OTHER_STEP_UP[name] && !ORDINARY[name])
      .map(([name, e]) => `${name} (${e.method} ${e.path})`);
    expect(unclassified, 'a privilege change needs stepUp: true and a line in PRIVILEGE').toEqual([]);
  });
});

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'http://agency.test', PORTAL_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

type Browser = ReturnType<typeof browser>;
type Answer = Awaited<ReturnType<Browser['get']>>;
let n = 0;
const next = (stem: string) => `${stem}${++n}`;

/** The session's last proof (second factor and password) 20 minutes ago, as after a long lunch. */
const age = (userId: number) =>
  t.db
    .update(sessions)
    .set({ secondFactorAt: new Date(Date.now() - 20 * MINUTE), passwordAt: new Date(Date.now() - 20 * MINUTE) })
    .where(eq(sessions.userId, userId));

async function account(
  role: 'client' | 'admin' | 'master_admin',
  stem: string,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const username = next(stem);
  const [row] = await t.db
    .insert(users)
    .values({ username, email: `${username}@example.nz`, password: await hashPassword(TEST_PASSWORD), role, ...extra })
    .returning();
  return row!;
}

/** The newest row of the dashboard's audit log about account `id`. */
const accountAudit = async (id: number) =>
  (
    await t.db
      .select()
      .from(contentAudit)
      .where(and(eq(contentAudit.entity, 'account'), eq(contentAudit.entityId, id)))
      .orderBy(desc(contentAudit.id))
      .limit(1)
  )[0];

/** Whether `to` was sent a message whose subject starts with `subject`, through the SMTP server. */
async function mailed(to: string, subject: RegExp) {
  await t.mailer.idle();
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(and(sql`lower(${outbox.to}) = ${to.toLowerCase()}`, eq(outbox.status, 'sent')))
    .orderBy(desc(outbox.id))
    .limit(1);
  return Boolean(row && subject.test(row.subject ?? '') && smtp.received.some((m) => m.to.includes(to.toLowerCase())));
}

/** A passkey step-up (or sign-in step) with the soft authenticator. */
async function passkeyProof(b: Browser, key: ReturnType<typeof softAuthenticator>) {
  const options = await b.post('/api/auth/passkey/options');
  expect(options.status).toBe(200);
  const res = await b.post('/api/auth/passkey', { response: key.assert(options.json) });
  expect(res.status, res.text).toBe(200);
}

interface Case {
  /** Done with a fresh factor first: what the call needs (a challenge, a subject account). */
  prepare?: () => Promise<void>;
  call: () => Promise<Answer>;
  /** Whether the change is in the database. */
  changed: () => Promise<boolean>;
  /** Whether its audit row is (null: the call changes nothing to record, such as a challenge). */
  audited: (() => Promise<boolean>) | null;
  /** Whom it e-mails and with what subject (null: it touches no one's account). */
  mail: { to: () => string; subject: RegExp } | null;
}

describe('each privilege change, with a factor 20 minutes old and then a fresh one', () => {
  let master: Awaited<ReturnType<typeof signedIn>>;
  let masterEmail: string;
  const key = softAuthenticator(ORIGIN);
  // Each case proves the master admin's factor twice: the code limits (5 per 15 minutes) are not what is tested here.
  const freshMaster = async () => {
    await t.db.delete(rateLimits);
    await proveSecondFactor(master.b, t.db, master.id);
  };

  beforeAll(async () => {
    master = await signedIn(t.app, t.db, 'master_admin', 'owner');
    masterEmail = `${master.username}@example.nz`;
  });

  /** A master admin whose only factor is a passkey: their app set-up is the case of adding an app. */
  const keyholder = { b: null as unknown as Browser, id: 0, email: '', key: softAuthenticator(ORIGIN) };
  let setupSecret = '';
  let subject: typeof users.$inferSelect;
  const invitee = next('invitee');
  let tokenId = 0;
  let client: { b: Browser; id: number; email: string } | null = null;
  const newName = next('hire');
  let codesBefore = '';
  const codesOf = async (userId: number) =>
    (await t.db.select({ h: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)))
      .map((r) => r.h)
      .sort()
      .join();
  const registerChallenges = async () =>
    t.db
      .select()
      .from(webauthnChallenges)
      .where(and(eq(webauthnChallenges.userId, master.id), eq(webauthnChallenges.purpose, 'register')));

  const cases: Partial<Record<Name, Case>> = {
    register: {
      call: () =>
        master.b.post('/api/register', {
          username: newName,
          email: `${newName}@example.nz`,
          password: TEST_PASSWORD,
          role: 'admin',
        }),
      changed: async () => (await t.db.select().from(users).where(eq(users.username, newName))).length === 1,
      audited: async () => {
        const [row] = await t.db.select().from(users).where(eq(users.username, newName));
        const audit = await accountAudit(row!.id);
        return audit?.action === 'create' && audit.userEmail === masterEmail;
      },
      mail: { to: () => `${newName}@example.nz`, subject: /staff account was made for you/ },
    },
    inviteStaff: {
      call: () =>
        master.b.post('/api/admin/users/invite', {
          username: invitee,
          email: `${invitee}@example.nz`,
          role: 'master_admin',
        }),
      changed: async () => (await t.db.select().from(users).where(eq(users.username, invitee))).length === 1,
      audited: async () => {
        const [row] = await t.db.select().from(users).where(eq(users.username, invitee));
        return (await accountAudit(row!.id))?.action === 'create';
      },
      mail: { to: () => `${invitee}@example.nz`, subject: /invited/ },
    },
    changeRole: {
      prepare: async () => {
        subject = await account('client', 'promoted');
      },
      call: () => master.b.patch(`/api/admin/users/${subject.id}/role`, { role: 'master_admin' }),
      changed: async () =>
        (await t.db.select().from(users).where(eq(users.id, subject.id)))[0]!.role === 'master_admin',
      audited: async () => ((await accountAudit(subject.id))?.after as { role?: string })?.role === 'master_admin',
      mail: { to: () => subject.email, subject: /Your role has changed/ },
    },
    disableUser: {
      prepare: async () => {
        subject = await account('master_admin', 'colleague');
      },
      call: () => master.b.post(`/api/admin/users/${subject.id}/disable`),
      changed: async () => (await t.db.select().from(users).where(eq(users.id, subject.id)))[0]!.disabledAt !== null,
      audited: async () => ((await accountAudit(subject.id))?.after as { access?: string })?.access === 'disabled',
      mail: { to: () => subject.email, subject: /Your account was disabled/ },
    },
    enableUser: {
      prepare: async () => {
        subject = await account('master_admin', 'returning', { disabledAt: new Date() });
      },
      call: () => master.b.post(`/api/admin/users/${subject.id}/enable`),
      changed: async () => (await t.db.select().from(users).where(eq(users.id, subject.id)))[0]!.disabledAt === null,
      audited: async () => ((await accountAudit(subject.id))?.after as { access?: string })?.access === 'enabled',
      mail: { to: () => subject.email, subject: /Your account is enabled again/ },
    },
    resetSecondFactor: {
      prepare: async () => {
        subject = await account('client', 'lockedout', { secondStepAt: new Date() });
        await t.db
          .insert(passkeys)
          .values({ id: next('lost-'), userId: subject.id, name: 'Lost phone', publicKey: 'x', transports: [] });
      },
      call: () => master.b.post(`/api/admin/users/${subject.id}/reset-second-factor`),
      changed: async () => (await t.db.select().from(passkeys).where(eq(passkeys.userId, subject.id))).length === 0,
      audited: async () =>
        // One event, not one per store: the reset, by the master admin.
        (
          await t.db
            .select({ action: auditEvents.action, actor: auditEvents.actor })
            .from(auditEvents)
            .where(and(eq(auditEvents.subjectType, 'account'), eq(auditEvents.subjectId, subject.id)))
        )
          .map((e) => `${e.action} by ${e.actor}`)
          .join() === `reset-second-factor by ${masterEmail}`,
      mail: { to: () => subject.email, subject: /second factors were reset/ },
    },
    totpSetup: {
      prepare: async () => {
        const row = await account('master_admin', 'keyholder');
        keyholder.id = row.id;
        keyholder.email = row.email;
        const key = keyholder.key;
        // Enrolled as at a first sign-in, a passkey added in the Security panel, and then the app gone (as after a
        // reset that kept the passkey): a master admin whose one factor is a passkey.
        keyholder.b = browser(t.app);
        await keyholder.b.post('/api/login', { username: row.username, password: TEST_PASSWORD });
        const setup = await keyholder.b.post('/api/auth/totp/setup');
        await keyholder.b.post('/api/auth/totp/confirm', {
          code: totpCode(fromBase32(setup.json.secret as string), stepAt(Date.now())),
        });
        const options = await keyholder.b.post('/api/account/passkeys/options');
        expect(
          (await keyholder.b.post('/api/account/passkeys', { name: 'Laptop', response: key.register(options.json) }))
            .status,
        ).toBe(201);
        await t.db.delete(totpFactors).where(eq(totpFactors.userId, row.id));
        await passkeyProof(keyholder.b, key);
      },
      call: async () => {
        const res = await keyholder.b.post('/api/auth/totp/setup');
        if (res.status === 200) setupSecret = res.json.secret as string;
        return res;
      },
      changed: async () => setupSecret !== '',
      audited: null,
      mail: null,
    },
    totpConfirm: {
      call: () =>
        keyholder.b.post('/api/auth/totp/confirm', { code: totpCode(fromBase32(setupSecret), stepAt(Date.now())) }),
      changed: async () =>
        (await t.db.select().from(totpFactors).where(eq(totpFactors.userId, keyholder.id)))[0]?.confirmedAt != null,
      audited: async () =>
        ((await accountAudit(keyholder.id))?.after as { authenticatorApp?: string })?.authenticatorApp === 'set up',
      mail: { to: () => keyholder.email, subject: /authenticator app was set up/ },
    },
    newRecoveryCodes: {
      prepare: async () => {
        codesBefore = await codesOf(master.id);
      },
      call: () => master.b.post('/api/account/recovery-codes'),
      changed: async () => (await codesOf(master.id)) !== codesBefore,
      audited: async () =>
        ((await accountAudit(master.id))?.after as { recoveryCodes?: string })?.recoveryCodes === 'ten new codes',
      mail: { to: () => masterEmail, subject: /New recovery codes/ },
    },
    passkeyRegistrationOptions: {
      prepare: async () => {
        await t.db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, master.id));
      },
      call: () => master.b.post('/api/account/passkeys/options'),
      changed: async () => (await registerChallenges()).length === 1,
      audited: null,
      mail: null,
    },
    addPasskey: {
      prepare: async () => {
        const options = await master.b.post('/api/account/passkeys/options');
        expect(options.status).toBe(200);
        registration = key.register(options.json);
      },
      call: () => master.b.post('/api/account/passkeys', { name: 'Office desktop', response: registration }),
      changed: async () => (await t.db.select().from(passkeys).where(eq(passkeys.userId, master.id))).length === 1,
      audited: async () =>
        ((await accountAudit(master.id))?.after as { passkey?: string })?.passkey === 'added "Office desktop"',
      mail: { to: () => masterEmail, subject: /A passkey was added/ },
    },
    removePasskey: {
      call: () => master.b.del(`/api/account/passkeys/${[...key.credentials.keys()][0]}`),
      changed: async () => (await t.db.select().from(passkeys).where(eq(passkeys.userId, master.id))).length === 0,
      audited: async () =>
        ((await accountAudit(master.id))?.after as { passkey?: string })?.passkey === 'removed "Office desktop"',
      mail: { to: () => masterEmail, subject: /A passkey was removed/ },
    },
    secondStep: {
      prepare: async () => {
        const row = await account('client', 'careful');
        const b = browser(t.app);
        expect((await b.post('/api/login', { username: row.username, password: TEST_PASSWORD })).status).toBe(200);
        const own = softAuthenticator(ORIGIN);
        const options = await b.post('/api/account/passkeys/options');
        expect(
          (await b.post('/api/account/passkeys', { name: 'Phone', response: own.register(options.json) })).status,
        ).toBe(201);
        expect((await b.post('/api/account/recovery-codes')).status).toBe(200);
        client = { b, id: row.id, email: row.email };
      },
      call: () => client!.b.put('/api/account/second-step', { on: true }),
      changed: async () => (await t.db.select().from(users).where(eq(users.id, client!.id)))[0]!.secondStepAt !== null,
      audited: async () => ((await accountAudit(client!.id))?.after as { secondStep?: string })?.secondStep === 'on',
      mail: { to: () => client!.email, subject: /now asks for a passkey or code/ },
    },
    adminDeployTokenCreate: {
      call: async () => {
        const res = await master.b.post('/api/admin/deploy-tokens', {
          remote: 'quoting',
          label: next('CI '),
          expiresInDays: 30,
        });
        if (res.status === 201) tokenId = (res.json.deployToken as { id: number }).id;
        return res;
      },
      changed: async () => tokenId > 0,
      audited: async () =>
        (await t.db.select().from(auditLog).where(eq(auditLog.action, 'deploy-token.create'))).some(
          (r) => r.actor === masterEmail,
        ),
      mail: null,
    },
    adminDeployTokenRevoke: {
      call: () => master.b.del(`/api/admin/deploy-tokens/${tokenId}`),
      changed: async () =>
        (await t.db.select().from(deployTokens).where(eq(deployTokens.id, tokenId)))[0]?.revokedAt != null,
      audited: async () =>
        (await t.db.select().from(auditLog).where(eq(auditLog.action, 'deploy-token.revoke')))[0]?.actor ===
        masterEmail,
      mail: null,
    },
  };
  let registration: unknown;

  it('has a case here for every privilege endpoint', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(PRIVILEGE).sort());
  });

  for (const name of Object.keys(PRIVILEGE) as Name[]) {
    it(`${name}: refused with the step-up answer, then done, audited and told`, async () => {
      const c = cases[name]!;
      await freshMaster();
      await c.prepare?.();
      // Whoever makes this call: their factor 20 minutes old.
      for (const id of [master.id, keyholder.id, client?.id ?? 0]) await age(id);
      smtp.received.length = 0;

      const stale = await c.call();
      expect(stale.status, stale.text).toBe(403);
      expect(stale.json.errors).toHaveProperty('secondFactor');
      expect(await c.changed(), 'nothing changed').toBe(false);
      if (c.mail) expect(await mailed(c.mail.to(), c.mail.subject), 'nobody told yet').toBe(false);

      // A fresh proof of the caller's own kind: the app's code, a passkey, or (a client not asked for a second
      // factor) the password again.
      if (name === 'secondStep')
        expect((await client!.b.post('/api/auth/confirm-password', { password: TEST_PASSWORD })).status).toBe(200);
      else if (name === 'totpSetup' || name === 'totpConfirm') await passkeyProof(keyholder.b, keyholder.key);
      else await freshMaster();
      const done = await c.call();
      expect(done.status, done.text).toBeLessThan(300);
      expect(await c.changed()).toBe(true);
      if (c.audited) expect(await c.audited(), 'audit row').toBe(true);
      if (c.mail) expect(await mailed(c.mail.to(), c.mail.subject), 'owner e-mailed').toBe(true);
    });
  }
});
