import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '@agency/contracts';
import type { Auth } from '../auth/lucia';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { LIMITS, rateLimiter } from '../auth/rate-limit';
import { deleteOtherSessions, hashToken } from '../auth/session-adapter';
import { publicUser, requireUser, setSessionCookie, type AuthEnv } from '../auth/session';
import { passwordResetTokens, sessions, users } from '../db';
import { passwordReset } from '../email/templates';
import { clientIp } from '../http/client-ip';
import { tooMany } from '../http/too-many';
import { validate } from '../http/validate';
import type { ApiDeps } from './deps';

const RESET_TOKEN_TTL_MS = 60 * 60_000;
const FORGOT_ANSWER = 'If an account exists with that username, you will receive reset instructions.';

export function authApi({ env, db, mailer, auth }: ApiDeps & { auth: Auth }) {
  const limiter = rateLimiter(db);
  const ip = (c: Context) => clientIp(c, env.trustedProxies);
  const tooManyAttempts = (c: Context, seconds: number) =>
    tooMany(c, seconds, `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`);
  const startSession = async (c: Context<AuthEnv>, userId: number) => {
    // A fresh session id on every sign-in (never reuse one that existed before authentication).
    const previous = c.get('session');
    if (previous) await auth.invalidateSession(previous.id);
    const session = await auth.createSession(userId, {});
    setSessionCookie(c, auth.createSessionCookie(session.id));
  };

  return new Hono<AuthEnv>()
    .get('/auth/user', (c) => {
      const user = c.get('user');
      return user ? c.json(publicUser(user)) : c.json({ message: 'Not authenticated' }, 401);
    })

    .post('/login', validate('json', LoginSchema), async (c) => {
      const { username, password } = c.req.valid('json');
      const accountKey = `login:user:${username.toLowerCase()}`;
      const ipKey = `login:ip:${ip(c)}`;
      const wait =
        (await limiter.blocked(accountKey, LIMITS.loginPerAccount)) ??
        (await limiter.blocked(ipKey, LIMITS.loginPerIp));
      if (wait) return tooManyAttempts(c, wait);

      const [user] = await db.select().from(users).where(eq(users.username, username));
      if (!(await verifyPassword(user?.password, password)) || !user) {
        await limiter.hit(accountKey, LIMITS.loginPerAccount);
        await limiter.hit(ipKey, LIMITS.loginPerIp);
        return c.json({ message: 'Invalid username or password' }, 401);
      }
      await limiter.clear(accountKey);
      await startSession(c, user.id);
      return c.json(publicUser({ id: user.id, username: user.username, email: user.email, role: user.role }));
    })

    .post('/register', validate('json', RegisterSchema), async (c) => {
      const input = c.req.valid('json');
      const caller = c.get('user');
      const creatingStaff = input.role !== 'client';
      if (creatingStaff && caller?.role !== 'master_admin') {
        return c.json({ message: 'Only a master admin can create admin accounts' }, 403);
      }
      const email = input.email.toLowerCase();
      const [taken] = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(eq(users.username, input.username), eq(users.email, email)));
      if (taken) {
        const field = taken.username === input.username ? 'username' : 'email';
        const message =
          field === 'username' ? 'That username is already taken' : 'An account with that email already exists';
        return c.json({ message, errors: { [field]: message } }, 409);
      }
      const [created] = await db
        .insert(users)
        .values({ username: input.username, email, password: await hashPassword(input.password), role: input.role })
        .onConflictDoNothing()
        .returning();
      // A concurrent registration can win between the check and the insert.
      if (!created) return c.json({ message: 'That username or email is already registered' }, 409);
      // A master admin creating staff stays signed in as themself; a visitor is signed in as the new client.
      if (!creatingStaff) await startSession(c, created.id);
      return c.json(publicUser(created), 201);
    })

    .post('/logout', async (c) => {
      const session = c.get('session');
      if (session) await auth.invalidateSession(session.id);
      setSessionCookie(c, auth.createBlankSessionCookie());
      return c.json({ message: 'Logged out' });
    })

    .post('/change-password', validate('json', ChangePasswordSchema), async (c) => {
      const { user, session } = requireUser(c);
      const { currentPassword, newPassword } = c.req.valid('json');
      const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
      if (!(await verifyPassword(row?.password, currentPassword))) {
        const message = 'Current password is incorrect';
        return c.json({ message, errors: { currentPassword: message } }, 400);
      }
      await db
        .update(users)
        .set({ password: await hashPassword(newPassword) })
        .where(eq(users.id, user.id));
      await deleteOtherSessions(db, user.id, session.id);
      return c.json({ message: 'Password updated successfully' });
    })

    .post('/forgot-password', validate('json', ForgotPasswordSchema), async (c) => {
      const { username } = c.req.valid('json');
      // Keyed by the name asked for, whether or not it exists, so the limit itself reveals nothing.
      const perAccount = await limiter.hit(`forgot:user:${username.toLowerCase()}`, LIMITS.forgotPerAccount);
      const perIp = await limiter.hit(`forgot:ip:${ip(c)}`, LIMITS.forgotPerIp);
      if (!perAccount.allowed || !perIp.allowed)
        return tooManyAttempts(
          c,
          Math.max(perAccount.allowed ? 0 : perAccount.retryAfterSeconds, perIp.allowed ? 0 : perIp.retryAfterSeconds),
        );

      const [user] = await db.select().from(users).where(eq(users.username, username));
      if (user) {
        const token = randomBytes(32).toString('base64url');
        const tokenHash = hashToken(token);
        const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
        await db.batch([
          db.insert(passwordResetTokens).values({ tokenHash, userId: user.id, expiresAt }),
          db.update(users).set({ resetToken: tokenHash, resetTokenExpiry: expiresAt }).where(eq(users.id, user.id)),
        ]);
        const link = `${env.publicConfig.publicOrigin}/reset-password?token=${token}`;
        await mailer.send([passwordReset(user.email, user.username, link, env.publicConfig.supportEmail)]);
      }
      return c.json({ message: FORGOT_ANSWER });
    })

    .post('/reset-password', validate('json', ResetPasswordSchema), async (c) => {
      const { token, newPassword } = c.req.valid('json');
      const tokenHash = hashToken(token);
      const now = new Date();
      // Claiming the token and checking it is one conditional update, so two uses at once cannot both win.
      const [claimed] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!claimed) {
        const message = 'This reset link is invalid or has expired. Please request a new one.';
        return c.json({ message, errors: { token: message } }, 400);
      }
      await db.batch([
        db
          .update(users)
          .set({ password: await hashPassword(newPassword), resetToken: null, resetTokenExpiry: null })
          .where(eq(users.id, claimed.userId)),
        db.delete(sessions).where(eq(sessions.userId, claimed.userId)),
      ]);
      setSessionCookie(c, auth.createBlankSessionCookie());
      return c.json({ message: 'Your password has been reset. Please sign in with your new password.' });
    });
}
