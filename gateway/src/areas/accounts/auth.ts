import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { endpoints, identityKey } from '@agency/contracts';
import { accountNotices } from './account-notices';
import { DISABLED_ACCOUNT, sameEmail, sameUsername, takenAfterConflict, takenAnswer } from './identity';
import { hashPassword, verifyPassword } from './passwords';
import { LIMITS, type RateLimiter } from '../../platform/http/rate-limit';
import { deleteOtherSessions, hashToken } from '../../platform/sessions/session-store';
import type { SignInFlow } from './sign-in-flow';
import type { SignInThrottle } from './sign-in-throttle';
import { publicUser, requireUser, setSessionCookie } from '../../platform/http/guards/session';
import type { Auth } from '../../platform/sessions/sessions';
import { passwordResetTokens, sessions, users } from '../../platform/db';
import { passwordReset } from '../../platform/mail/templates';
import { addressCounter, addressLimit, rateLimit, validBody } from '../../platform/http/limit';
import { actorOf, audit } from '../../platform/audit/record';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

const RESET_TOKEN_TTL_MS = 60 * 60_000;
const FORGOT_ANSWER =
  'If an account matches that username or e-mail address, we have e-mailed reset instructions to its address.';

/** Every outstanding reset link of a user stops working (a link used, a new one asked for, a password changed). */
const voidResetLinks = (userId: number) => eq(passwordResetTokens.userId, userId);

export function authApi({
  env,
  db,
  mailer,
  logger,
  auth,
  limiter,
  signIns,
  flow,
}: ApiDeps & { auth: Auth; limiter: RateLimiter; signIns: SignInThrottle; flow: SignInFlow }) {
  const perAddress = (c: Context, kind: string) => addressCounter(c, kind, env.trustedProxies);
  const registrations = addressLimit(
    limiter,
    env.trustedProxies,
    'register',
    LIMITS.registrationsPerIp,
    (wait) => `Too many accounts have been created from your network. Please try again ${wait}.`,
  );
  const tell = accountNotices({ env, mailer, logger });
  const attemptsWords = (wait: string) => `Too many attempts. Try again ${wait}.`;
  // The password-change lock: only this account's sessions reach it, so a stranger cannot fill it; a completed reset
  // lifts it. A session that confirms with its second factor is not counted (its password is not asked for).
  const passwordAttempts = (counts: (c: Context) => boolean) =>
    rateLimit(
      limiter,
      [
        [
          (c) => (counts(c) ? signIns.passwordChangeKey(requireUser(c).user.id) : null),
          LIMITS.passwordChangePerAccount,
        ],
      ],
      attemptsWords,
    );
  const forgotBody = validBody(endpoints.forgotPassword.body);
  // Keyed by the name asked for, whether or not it exists, so the limit itself reveals nothing.
  const forgotLimit = rateLimit(
    limiter,
    [
      [(c) => `forgot:user:${identityKey(forgotBody(c).username)}`, LIMITS.forgotPerAccount],
      [(c) => perAddress(c, 'forgot'), LIMITS.forgotPerIp],
    ],
    attemptsWords,
  );

  /**
   * The reset e-mail, when the name is an account's username or e-mail address: runs after the answer has gone (see
   * forgot-password). Both are unique; a username that is also another account's address means that username.
   */
  async function sendResetLink(name: string) {
    const matches = await db
      .select()
      .from(users)
      .where(sql`${sameUsername(name)} or ${sameEmail(name)}`)
      .limit(2);
    const user = matches.find((u) => identityKey(u.username) === identityKey(name)) ?? matches[0];
    // A disabled account gets no link: only a master admin turns it back on.
    if (!user || user.disabledAt) return;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    await db.batch([
      db.delete(passwordResetTokens).where(voidResetLinks(user.id)),
      db.insert(passwordResetTokens).values({ tokenHash, userId: user.id, expiresAt }),
    ]);
    const link = `${env.publicConfig.portalOrigin}/reset-password?token=${token}`;
    await mailer.send([passwordReset(user.email, user.username, user.role, link, env.publicConfig.supportEmail)]);
  }

  return endpointRoutes()
    .on(endpoints.currentUser, (c) => c.json(publicUser(requireUser(c).user)))

    .on(endpoints.login, { afterInput: signIns.login(attemptsWords) }, async (c) => {
      const { username, password } = c.req.valid('json');
      // Counted by the route's limit before the password is checked, whatever its outcome: a burst cannot slip through between a read of
      // the count and a write of it, and a lock refuses even the right password, so it never tells a guesser that a
      // guess was right (decision 0020). A browser that signed in to the account before counts against its own device
      // lock, not the account's, so strangers guessing cannot lock the owner out (decision 0051).
      const attempt = signIns.attempt(c);

      const [user] = await db.select().from(users).where(sameUsername(username));
      // A browser the account knows is checked first, then addresses without a recent miss (decision 0084).
      if (!(await verifyPassword(user?.password, password, attempt.priority)) || !user) {
        attempt.failed();
        return c.json({ message: 'Invalid username or password' }, 401);
      }
      // Said only to whoever knows the password: a disabled account is no secret from its owner.
      if (user.disabledAt) {
        return c.json({ message: DISABLED_ACCOUNT }, 403);
      }
      // An account with a second factor (every staff account must have one) is not signed in yet: its session opens
      // only the second-factor step, and the browser becomes known only once that is done (decision 0061).
      const owed = await flow.owed(user);
      if (owed) {
        await flow.startPending(c, user);
        await attempt.succeeded();
        return c.json(owed);
      }
      const signedIn = await flow.complete(c, user, { secondFactor: false, password: true });
      await attempt.succeeded();
      return c.json(signedIn);
    })

    .on(endpoints.register, { afterInput: [registrations] }, async (c) => {
      const input = c.req.valid('json');
      const caller = c.get('user');
      const creatingStaff = input.role !== 'client';
      if (creatingStaff && caller?.role !== 'master_admin') {
        return c.json({ message: 'Only a master admin can create admin accounts' }, 403);
      }
      const early = await takenAnswer(c, db, input.username, input.email);
      if (early) return early;
      const insert = db
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          password: await hashPassword(input.password),
          role: input.role,
        })
        .onConflictDoNothing()
        .returning();
      // Staff made this way are recorded in the batch that makes them (decision 0083); clients register themselves.
      const [[created]] = creatingStaff
        ? await db.batch([
            insert,
            audit(
              db,
              {
                area: 'accounts',
                actor: actorOf(caller!),
                subject: { type: 'account', id: sql`last_insert_rowid()` },
                action: 'create',
                after: { username: input.username, email: input.email, role: input.role, access: 'registered' },
              },
              { ifChanged: true },
            ),
          ])
        : [await insert];
      // A concurrent registration of the same name in any case can win between the check and the insert.
      if (!created) return takenAfterConflict(c, db, input.username, input.email);
      // A master admin creating staff stays signed in as themself (and the new owner is told); a visitor is signed in
      // as the new client.
      if (creatingStaff) await tell(created, { kind: 'staff-created', role: created.role, by: caller!.email });
      else await flow.complete(c, created, { secondFactor: false, password: true, announce: false });
      return c.json(publicUser(created), 201);
    })

    .on(
      endpoints.confirmPassword,
      { afterInput: [passwordAttempts((c) => !requireUser(c).session.secondStep)] },
      async (c) => {
        const { user, session } = requireUser(c);
        if (session.secondStep) {
          const message =
            'Your account confirms with a code from your authenticator app, a recovery code or a passkey.';
          return c.json({ message, errors: { password: message } }, 409);
        }
        const attemptsKey = signIns.passwordChangeKey(user.id);
        const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
        if (!(await verifyPassword(row?.password, c.req.valid('json').password, 'known'))) {
          const message = 'That password is not right.';
          return c.json({ message, errors: { password: message } }, 400);
        }
        await auth.provePassword(session.id, new Date());
        await limiter.clear(attemptsKey);
        return c.json(publicUser(user));
      },
    )

    .on(endpoints.logout, async (c) => {
      const session = c.get('session') ?? c.get('pending')?.session;
      if (session) await auth.end(session.id);
      setSessionCookie(c, auth.blankCookie());
      return c.json({ message: 'Logged out' });
    })

    .on(endpoints.changePassword, { afterInput: [passwordAttempts(() => true)] }, async (c) => {
      const { user, session } = requireUser(c);
      const { currentPassword, newPassword } = c.req.valid('json');
      const attemptsKey = signIns.passwordChangeKey(user.id);
      const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
      if (!(await verifyPassword(row?.password, currentPassword, 'known'))) {
        const message = 'Current password is incorrect';
        return c.json({ message, errors: { currentPassword: message } }, 400);
      }
      await db.batch([
        db
          .update(users)
          .set({ password: await hashPassword(newPassword, 'known') })
          .where(eq(users.id, user.id)),
        db.delete(passwordResetTokens).where(voidResetLinks(user.id)),
      ]);
      await deleteOtherSessions(db, user.id, session.id);
      await limiter.clear(attemptsKey);
      return c.json({ message: 'Password updated successfully' });
    })

    .on(endpoints.forgotPassword, { afterInput: [forgotLimit] }, async (c) => {
      const { username } = c.req.valid('json');
      // The answer goes before the account is even looked up: a known name and an unknown one do exactly the same
      // work until then, so the time to answer says nothing about which it was (decision 0021). The link is made
      // and mailed afterwards, tracked by the mailer so a shutdown waits for it.
      mailer.later(() =>
        sendResetLink(username).catch((error: unknown) =>
          logger.error('password reset e-mail failed', { error: String(error) }),
        ),
      );
      return c.json({ message: FORGOT_ANSWER });
    })

    .on(endpoints.resetPassword, async (c) => {
      const { token, newPassword } = c.req.valid('json');
      const tokenHash = hashToken(token);
      const now = new Date();
      // One statement checks the link and uses up every outstanding link of its account, this one included: two
      // links used at once cannot both win, and an older link is void from this moment.
      const claimed = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            isNull(passwordResetTokens.usedAt),
            eq(
              passwordResetTokens.userId,
              sql`(select ${passwordResetTokens.userId} from ${passwordResetTokens} where ${and(
                eq(passwordResetTokens.tokenHash, tokenHash),
                isNull(passwordResetTokens.usedAt),
                gt(passwordResetTokens.expiresAt, now),
              )})`,
            ),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      const userId = claimed[0]?.userId;
      // The account's name keys its sign-in locks; an account deleted since the link was sent has none to reset.
      const [owner] =
        userId === undefined
          ? []
          : await db
              .select({ username: users.username, invitedAt: users.invitedAt })
              .from(users)
              .where(eq(users.id, userId));
      if (userId === undefined || !owner) {
        const message = 'This reset link is invalid or has expired. Please request a new one.';
        return c.json({ message, errors: { token: message } }, 400);
      }
      await db.batch([
        // An invited account's first password ends its invitation (decision 0064).
        db
          .update(users)
          .set({ password: await hashPassword(newPassword, 'known'), invitedAt: null })
          .where(eq(users.id, userId)),
        db.delete(passwordResetTokens).where(voidResetLinks(userId)),
        db.delete(sessions).where(eq(sessions.userId, userId)),
        // Whoever holds the link owns the account's e-mail: the owner signs in at once, whatever strangers tried.
        signIns.lift(owner.username, userId),
      ]);
      setSessionCookie(c, auth.blankCookie());
      return c.json({
        message: owner.invitedAt
          ? 'Your password is set and your account is ready. Please sign in.'
          : 'Your password has been reset. Please sign in with your new password.',
      });
    }).app;
}
