import { and, count, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { identityKey, type Role, type SecondFactorStep } from '@agency/contracts';
import { passkeys, users, type Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import { newBrowserSignIn } from '../../platform/mail/templates';
import type { Env } from '../../platform/env';
import { clientIp } from '../../platform/http/client-ip';
import type { Logger } from '../../platform/logger';
import { browserLabel, MAX_USER_AGENT } from './browser-label';
import { publicUser, setSessionCookie, type AuthEnv } from '../../platform/http/guards/session';
import type { Auth, PendingSignIn, SessionUser } from '../../platform/sessions/sessions';
import type { DeviceCookies } from './device-cookie';
import type { TotpFactors } from './totp';

const isStaffRole = (role: Role) => role !== 'client';

/**
 * The steps of a sign-in (decisions 0061, 0062): the password opens a pending session when the account has a second
 * factor (or is staff, who must set one up); the factor then replaces it with a full one. A full sign-in from a browser
 * that had not completed one to this account before (no device cookie of it, decision 0051) e-mails its owner.
 */
export function signInFlow(deps: {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  auth: Auth;
  totp: TotpFactors;
  devices: DeviceCookies;
}) {
  const { env, db, mailer, logger, auth, totp, devices } = deps;
  const where = (c: Context) => ({
    userAgent: (c.req.header('user-agent') ?? '').slice(0, MAX_USER_AGENT),
    address: clientIp(c, env.trustedProxies),
  });

  async function passkeyCount(userId: number) {
    const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    return row?.n ?? 0;
  }

  /** When a client chose to be asked for a second step (decision 0083); staff are asked whatever it says. */
  async function secondStepOf(userId: number) {
    const [row] = await db.select({ at: users.secondStepAt }).from(users).where(eq(users.id, userId));
    return row?.at ?? null;
  }

  /** Records a completed sign-in; true when the account had none before (its welcome is not a welcome back). */
  async function recordSignIn(userId: number, at: Date) {
    // Claimed in one statement, so of two sign-ins at once only one is the first.
    const first = await db
      .update(users)
      .set({ lastSignInAt: at })
      .where(and(eq(users.id, userId), isNull(users.lastSignInAt)))
      .returning({ id: users.id });
    if (first.length > 0) return true;
    await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
    return false;
  }

  async function start(c: Context<AuthEnv>, user: { id: number; role: Role }, pending: boolean) {
    // A fresh session id on every step (never reuse one that existed before authentication).
    const previous = c.get('session') ?? c.get('pending')?.session;
    if (previous) await auth.end(previous.id);
    const now = new Date();
    const created = await auth.create(user, {
      pending,
      secondFactorAt: pending ? null : now,
      passwordAt: now,
      ...where(c),
    });
    setSessionCookie(c, created.cookie, { signedIn: !pending });
  }

  return {
    /**
     * What an account still owes after its password: null when the password is enough. Staff always owe a factor
     * (set up an app when they have none); a client owes one only after choosing it with recovery codes saved, so a
     * passkey added without that choice is another way in, never the only one (decision 0083).
     */
    async owed(user: { id: number; role: Role }): Promise<SecondFactorStep | null> {
      const [hasApp, keys, secondStepAt] = await Promise.all([
        totp.hasApp(user.id),
        passkeyCount(user.id),
        isStaffRole(user.role) ? null : secondStepOf(user.id),
      ]);
      const asked = isStaffRole(user.role) || secondStepAt !== null;
      if (asked && (hasApp || keys > 0)) return { secondFactor: 'verify', totp: hasApp, passkeys: keys > 0 };
      return isStaffRole(user.role) ? { secondFactor: 'enrol', totp: false, passkeys: false } : null;
    },

    /** A session that owes its second factor: opens only the second-factor endpoints, for ten minutes. */
    startPending: (c: Context<AuthEnv>, user: { id: number; role: Role }) => start(c, user, true),

    /**
     * A complete sign-in: a new full session (`secondFactor`: it proved one now, so step-ups pass for 15 minutes;
     * `password`: it proved the password, which is what the step-up of an account without a second step asks for), a
     * new device cookie, and the new-browser e-mail unless the browser had a device cookie of this account already.
     * `announce: false` (a registration: the account is seconds old) does neither.
     */
    async complete(
      c: Context<AuthEnv>,
      user: SessionUser,
      { secondFactor, password, announce = true }: { secondFactor: boolean; password: boolean; announce?: boolean },
    ) {
      const account = identityKey(user.username);
      const knownBrowser = !announce || (await devices.deviceOf(c, account)) !== null;
      const previous = c.get('session') ?? c.get('pending')?.session;
      if (previous) await auth.end(previous.id);
      const now = new Date();
      const created = await auth.create(user, {
        pending: false,
        secondFactorAt: secondFactor ? now : null,
        passwordAt: password ? now : null,
        ...where(c),
      });
      setSessionCookie(c, created.cookie);
      const firstSignIn = await recordSignIn(user.id, now);
      // This browser is now known to the account (decision 0051): a new cookie, with a new nonce.
      if (announce) await devices.issue(c, account);
      if (!knownBrowser) {
        const origin = env.publicConfig.portalOrigin;
        const message = newBrowserSignIn(
          user.email,
          user.username,
          { ...browserLabel(where(c).userAgent), address: where(c).address, at: new Date() },
          { security: `${origin}/dashboard`, forgot: `${origin}/auth` },
          env.publicConfig.supportEmail,
        );
        await mailer
          .send([message])
          .catch((error: unknown) => logger.error('new-browser e-mail failed', { error: String(error) }));
      }
      return { ...publicUser(user), firstSignIn };
    },

    /** The pending sign-in of this request, or the signed-in session (a step-up); null for neither. */
    current(c: Context<AuthEnv>): (PendingSignIn & { pending: boolean }) | null {
      const pending = c.get('pending');
      if (pending) return { ...pending, pending: true };
      const user = c.get('user');
      const session = c.get('session');
      return user && session ? { user, session, pending: false } : null;
    },
  };
}

export type SignInFlow = ReturnType<typeof signInFlow>;
