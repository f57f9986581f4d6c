import { and, count, desc, eq, ne } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { browserLabel } from '../auth/browser-label';
import { MAX_PASSKEYS, type PasskeyCeremonies } from '../auth/passkeys';
import { requireUser } from '../auth/session';
import { hashToken } from '../auth/session-store';
import type { TotpFactors } from '../auth/totp';
import { passkeys, sessions } from '../db';
import type { ApiDeps } from './deps';
import { endpointRoutes } from './routes';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The dashboard's Security panel (decision 0062): the account's factors, its passkeys (several, named, removable;
 * a staff account keeps at least one factor) and its sessions, any of which it can sign out.
 */
export function accountSecurityApi({
  db,
  totp,
  ceremonies,
}: ApiDeps & { totp: TotpFactors; ceremonies: PasskeyCeremonies }) {
  const passkeyList = async (userId: number) =>
    (await ceremonies.keysOf(userId)).map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: iso(k.lastUsedAt),
    }));

  return endpointRoutes()
    .on(endpoints.securityOverview, async (c) => {
      const { user } = requireUser(c);
      const [hasApp, recoveryCodesLeft, keys] = await Promise.all([
        totp.hasApp(user.id),
        totp.recoveryCodesLeft(user.id),
        passkeyList(user.id),
      ]);
      return c.json({ totp: hasApp, recoveryCodesLeft, passkeys: keys, secondFactorRequired: user.role !== 'client' });
    })

    .on(endpoints.newRecoveryCodes, async (c) => {
      const { user } = requireUser(c);
      if (!(await totp.hasApp(user.id)))
        return c.json({ message: 'Recovery codes come with an authenticator app: set one up first.' }, 409);
      return c.json({ recoveryCodes: await totp.newRecoveryCodes(user.id) });
    })

    .on(endpoints.passkeyRegistrationOptions, async (c) => {
      const { user } = requireUser(c);
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if ((row?.n ?? 0) >= MAX_PASSKEYS)
        return c.json({ message: `An account can keep at most ${MAX_PASSKEYS} passkeys: remove one first.` }, 409);
      return c.json(await ceremonies.registrationOptions(user));
    })

    .on(endpoints.addPasskey, async (c) => {
      const { user } = requireUser(c);
      const { name, response } = c.req.valid('json');
      const key = await ceremonies.register(user.id, name, response as unknown as RegistrationResponseJSON);
      if (!key) {
        const message = 'That passkey could not be registered. Please try again.';
        return c.json({ message, errors: { passkey: message } }, 400);
      }
      return c.json({ id: key.id, name: key.name, createdAt: key.createdAt.toISOString(), lastUsedAt: null }, 201);
    })

    .on(endpoints.removePasskey, async (c) => {
      const { user } = requireUser(c);
      const { id } = c.req.valid('param');
      const mine = await ceremonies.keysOf(user.id);
      if (!mine.some((k) => k.id === id)) return c.json({ message: 'That passkey is not one of this account.' }, 404);
      // Staff must keep a second factor: the last one goes only with a master admin's reset.
      if (user.role !== 'client' && mine.length === 1 && !(await totp.hasApp(user.id)))
        return c.json({ message: 'This is your last second factor: add another before removing it.' }, 409);
      await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
      return c.json({ message: 'Passkey removed' });
    })

    .on(endpoints.accountSessions, async (c) => {
      const { user, session } = requireUser(c);
      const current = hashToken(session.id);
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), eq(sessions.pending, false)))
        .orderBy(desc(sessions.lastUsedAt));
      const items = rows
        .filter((r) => r.expiresAt.getTime() > Date.now())
        .map((r) => ({
          id: r.id,
          ...browserLabel(r.userAgent),
          address: r.address || 'Unknown address',
          firstSeen: r.createdAt.toISOString(),
          // A session records its use only every few minutes (session-policy.ts): last seen is that close.
          lastSeen: new Date(Math.max(r.lastUsedAt.getTime(), r.createdAt.getTime())).toISOString(),
          current: r.id === current,
        }));
      return c.json({ items });
    })

    .on(endpoints.endSession, async (c) => {
      const { user, session } = requireUser(c);
      const { id } = c.req.valid('param');
      if (id === hashToken(session.id))
        return c.json({ message: 'This is the session you are using: sign out instead.' }, 409);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, user.id)))
        .returning({ id: sessions.id });
      if (ended.length === 0) return c.json({ message: 'That session has ended already.' }, 404);
      return c.json({ message: 'Signed out' });
    })

    .on(endpoints.endOtherSessions, async (c) => {
      const { user, session } = requireUser(c);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, hashToken(session.id))))
        .returning({ id: sessions.id });
      return c.json({
        message: `Signed out of ${ended.length} other session${ended.length === 1 ? '' : 's'}`,
        ended: ended.length,
      });
    }).app;
}
