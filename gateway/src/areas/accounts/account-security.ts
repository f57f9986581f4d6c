import { and, count, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { accountNotices } from './account-notices';
import { browserLabel } from './browser-label';
import { anotherFactorThan, askedForSecondStep, hasFactor, hasRecoveryCodes } from './factor-guard';
import { MAX_PASSKEYS, type PasskeyCeremonies } from './passkeys';
import { requireUser } from '../../platform/http/guards/session';
import { hashToken } from '../../platform/sessions/session-store';
import type { SessionUser } from '../../platform/sessions/sessions';
import type { TotpFactors } from './totp';
import { passkeys, sessions, users } from '../../platform/db';
import { actorOf, audit } from '../../platform/audit/record';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The dashboard's Security panel (decisions 0062, 0083): the account's factors, its passkeys (several, named,
 * removable; an account asked for a second step keeps at least one factor), its second step (a client's choice) and
 * its sessions, any of which it can sign out. Every change of a factor or of the second step is a step-up action,
 * written to the audit log in the batch of the change and told to the owner by e-mail.
 */
export function accountSecurityApi({
  db,
  env,
  mailer,
  logger,
  totp,
  ceremonies,
}: ApiDeps & { totp: TotpFactors; ceremonies: PasskeyCeremonies }) {
  const tell = accountNotices({ env, mailer, logger });
  const passkeyList = async (userId: number) =>
    (await ceremonies.keysOf(userId)).map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: iso(k.lastUsedAt),
    }));
  const secondStepOf = async (userId: number) => {
    const [row] = await db.select({ at: users.secondStepAt }).from(users).where(eq(users.id, userId));
    return row?.at ?? null;
  };
  /** An audit row of a change to the signed-in account's own factors, written only if the statement before it changed one. */
  const audited = (user: SessionUser, before: Record<string, unknown>, after: Record<string, unknown>) =>
    audit(
      db,
      {
        area: 'accounts',
        actor: actorOf(user),
        subject: { type: 'account', id: user.id },
        action: 'update',
        before: { username: user.username, ...before },
        after: { username: user.username, ...after },
      },
      { ifChanged: true },
    );

  return endpointRoutes()
    .on(endpoints.securityOverview, async (c) => {
      const { user } = requireUser(c);
      const [hasApp, recoveryCodesLeft, keys, secondStepAt] = await Promise.all([
        totp.hasApp(user.id),
        totp.recoveryCodesLeft(user.id),
        passkeyList(user.id),
        secondStepOf(user.id),
      ]);
      const staff = user.role !== 'client';
      return c.json({
        totp: hasApp,
        recoveryCodesLeft,
        passkeys: keys,
        secondFactorRequired: staff,
        secondStep: staff || secondStepAt !== null,
      });
    })

    .on(endpoints.newRecoveryCodes, async (c) => {
      const { user } = requireUser(c);
      // Codes are a way in without the factor: they come with one (an app or a passkey), never before it.
      const codes = await totp.newRecoveryCodes(user.id, {
        when: hasFactor(user.id),
        alongside: [audited(user, { recoveryCodes: 'earlier codes' }, { recoveryCodes: 'ten new codes' })],
      });
      if (!codes)
        return c.json({ message: 'Recovery codes come with a passkey or an authenticator app: add one first.' }, 409);
      await tell(user, { kind: 'recovery-codes' });
      return c.json({ recoveryCodes: codes });
    })

    .on(endpoints.secondStep, async (c) => {
      const { user } = requireUser(c);
      const { on } = c.req.valid('json');
      if (user.role !== 'client')
        return c.json(
          { message: 'Staff sign-ins always ask for a second factor.', errors: { on: 'Always on for staff' } },
          409,
        );
      // One statement checks and changes: turning it on needs a factor and unused recovery codes at that moment.
      const [changed] = await db.batch([
        db
          .update(users)
          .set({ secondStepAt: on ? new Date() : null })
          .where(
            on
              ? and(eq(users.id, user.id), isNull(users.secondStepAt), hasFactor(user.id), hasRecoveryCodes(user.id))
              : and(eq(users.id, user.id), isNotNull(users.secondStepAt)),
          )
          .returning({ id: users.id }),
        audited(user, { secondStep: on ? 'off' : 'on' }, { secondStep: on ? 'on' : 'off' }),
      ]);
      const state = (await secondStepOf(user.id)) !== null;
      if (changed.length === 0 && state !== on) {
        const message = 'Add a passkey and save new recovery codes first: they are your way in without the passkey.';
        return c.json({ message, errors: { on: message } }, 409);
      }
      if (changed.length > 0) await tell(user, { kind: 'second-step', on });
      return c.json({
        message: on ? 'Your sign-in now asks for a passkey or code.' : 'Your password alone signs you in again.',
        secondStep: state,
      });
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
      const key = await ceremonies.register(user.id, name, response as unknown as RegistrationResponseJSON, [
        audited(user, { passkey: null }, { passkey: `added "${name}"` }),
      ]);
      if (!key) {
        const message = 'That passkey could not be registered. Please try again.';
        return c.json({ message, errors: { passkey: message } }, 400);
      }
      await tell(user, { kind: 'passkey-added', name: key.name });
      return c.json({ id: key.id, name: key.name, createdAt: key.createdAt.toISOString(), lastUsedAt: null }, 201);
    })

    .on(endpoints.removePasskey, async (c) => {
      const { user } = requireUser(c);
      const { id } = c.req.valid('param');
      const [key] = await db
        .select({ name: passkeys.name })
        .from(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
      if (!key) return c.json({ message: 'That passkey is not one of this account.' }, 404);
      // The last-factor check is in the DELETE itself: parallel removals cannot each see another factor left.
      const [removed] = await db.batch([
        db
          .delete(passkeys)
          .where(
            and(
              eq(passkeys.id, id),
              eq(passkeys.userId, user.id),
              sql`(not ${askedForSecondStep(user.id)} or ${anotherFactorThan(user.id, id)})`,
            ),
          )
          .returning({ id: passkeys.id }),
        audited(user, { passkey: `"${key.name}"` }, { passkey: `removed "${key.name}"` }),
      ]);
      if (removed.length === 0) {
        const gone = (await ceremonies.keysOf(user.id)).every((k) => k.id !== id);
        if (gone) return c.json({ message: 'That passkey is not one of this account.' }, 404);
        return c.json(
          {
            message:
              user.role === 'client'
                ? 'This is your last passkey and your sign-in asks for one: turn the second step off first.'
                : 'This is your last second factor: add another before removing it.',
          },
          409,
        );
      }
      await tell(user, { kind: 'passkey-removed', name: key.name });
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
