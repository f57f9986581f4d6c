import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { endpoints } from '@agency/contracts';
import { requireStaffActor } from '../../platform/http/guards/access';
import { accountNotices } from './account-notices';
import { resetSecondFactors } from './reset-factors';
import { requireUser } from '../../platform/http/guards/session';
import { takenAfterConflict, takenAnswer } from './identity';
import { hashPassword } from './passwords';
import { hashToken } from '../../platform/sessions/session-store';
import { paged, passwordResetTokens, sessions, users } from '../../platform/db';
import { staffInvite } from '../../platform/mail/templates';
import { actorOf, audit } from '../../platform/audit/record';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

/** An invitation's set-password link lasts a week: long enough to be read after a weekend. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

const account = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  disabled: sql<boolean>`${users.disabledAt} is not null`.mapWith(Boolean),
  invited: sql<boolean>`${users.invitedAt} is not null`.mapWith(Boolean),
};

/** More than one enabled master admin stays after this statement: the condition that guards every demotion. */
const anotherMasterAdmin = sql`(select count(*) from users where role = 'master_admin' and "disabledAt" is null) > 1`;

/**
 * Master admins list every account, invite staff, change roles, and disable or enable accounts (decision 0064).
 * The last enabled master admin can never be demoted or disabled. Each change needs a fresh second factor (step-up),
 * is written to the audit log in the same batch as the change, and is told to the account's owner (decision 0083).
 */
export function adminUsersApi({ db, env, mailer, logger }: ApiDeps) {
  /** An invitation's link: to the portal, where the page that sets a password is (decision 0077). */
  const inviteLink = (token: string) => `${env.publicConfig.portalOrigin}/reset-password?token=${token}&invite=1`;
  const tell = accountNotices({ env, mailer, logger });
  const read = async (id: number) => {
    const [row] = await db.select(account).from(users).where(eq(users.id, id));
    // The user was there a moment ago; one deleted since is the same 404 as at the start.
    if (!row) throw new HTTPException(404, { message: 'No such user' });
    return row;
  };
  const serialise = (row: Awaited<ReturnType<typeof read>>) => ({ ...row, createdAt: row.createdAt.toISOString() });
  /** One change to an account, audited in the change's own batch, and only if its update changed a row. */
  const accountChange = (
    actor: { id: number; email: string },
    id: number,
    username: string,
    from: Record<string, string>,
    to: Record<string, string>,
  ) =>
    audit(
      db,
      {
        area: 'accounts',
        actor: actorOf(actor),
        subject: { type: 'account', id },
        action: 'update',
        before: { username, ...from },
        after: { username, ...to },
      },
      { ifChanged: true },
    );

  return endpointRoutes()
    .on(endpoints.resetSecondFactor, async (c) => {
      const { user: actor } = requireUser(c);
      const { id } = c.req.valid('param');
      const [target] = await db.select().from(users).where(eq(users.id, id));
      if (!target) return c.json({ message: 'No such user' }, 404);
      if (target.id === actor.id)
        return c.json({ message: 'Another master admin must reset your own second factor.' }, 409);
      const staff = target.role !== 'client';
      // A client locked out by their own passkey gets back in this way too (decision 0083).
      await resetSecondFactors(db, target, actor);
      logger.info('second factor reset', { by: actor.email, of: target.email });
      await tell(target, { kind: 'factors-reset', by: actor.email, staff });
      return c.json({
        message: staff
          ? `${target.username} will set up a new authenticator app at their next sign-in.`
          : `${target.username} signs in with their password alone now, and can add a passkey again.`,
      });
    })
    .on(endpoints.adminUsers, async (c) => {
      const rows = db.select(account).from(users).orderBy(users.username);
      const page = await paged(db, c.req.valid('query'), rows, users);
      return c.json({ ...page, items: page.items.map(serialise) });
    })

    .on(endpoints.changeRole, async (c) => {
      const actor = requireStaffActor(c);
      const { id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      const before = await read(id);
      if (before.role === role) return c.json(before);
      // Counted and changed in one statement so two demotions at once cannot both pass the check; the audit row
      // and the end of the user's sessions (they sign in again under the new role) go in the same batch, and only
      // when the change was made.
      const guard = before.role === 'master_admin' ? and(eq(users.id, id), anotherMasterAdmin) : eq(users.id, id);
      const [changed] = await db.batch([
        db.update(users).set({ role }).where(guard).returning({ id: users.id }),
        accountChange(actor, id, before.username, { role: before.role }, { role }),
        db
          .delete(sessions)
          .where(and(eq(sessions.userId, id), sql`(select role from users where id = ${id}) = ${role}`)),
      ]);
      if (changed.length === 0) return c.json({ message: 'The last master admin cannot be demoted.' }, 409);
      await tell(before, { kind: 'role', from: before.role, to: role, by: actor.email });
      const updated = await read(id);
      return c.json({ id: updated.id, username: updated.username, email: updated.email, role: updated.role });
    })

    .on(endpoints.inviteStaff, async (c) => {
      const actor = requireStaffActor(c);
      const input = c.req.valid('json');
      const early = await takenAnswer(c, db, input.username, input.email);
      if (early) return early;
      // A password nobody knows (32 random bytes, hashed): the account cannot sign in until the link sets one.
      const password = await hashPassword(randomBytes(32).toString('base64url'), 'known');
      const token = randomBytes(32).toString('base64url');
      const [created] = await db
        .insert(users)
        .values({ username: input.username, email: input.email, password, role: input.role, invitedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // A concurrent invitation or registration of the same name can win between the check and the insert.
      if (!created) return takenAfterConflict(c, db, input.username, input.email);
      const link = inviteLink(token);
      // The link, its record and its e-mail are stored together: an invite is never recorded without its e-mail.
      const [, , queued] = await db
        .batch([
          db.insert(passwordResetTokens).values({
            tokenHash: hashToken(token),
            userId: created.id,
            expiresAt: new Date(Date.now() + INVITE_TTL_MS),
          }),
          audit(db, {
            area: 'accounts',
            actor: actorOf(actor),
            subject: { type: 'account', id: created.id },
            action: 'create',
            after: { username: input.username, email: input.email, role: input.role, access: 'invited' },
          }),
          mailer.insert([
            staffInvite(input.email, input.username, input.role, actor.email, link, env.publicConfig.supportEmail),
          ]),
        ])
        .catch(async (error: unknown) => {
          // Nothing half-made stays: an account nobody was told of could never sign in.
          await db.delete(users).where(eq(users.id, created.id));
          throw error;
        });
      mailer.dispatch(queued);
      return c.json(serialise(await read(created.id)), 201);
    })

    .on(endpoints.resendInvite, async (c) => {
      const actor = requireStaffActor(c);
      const { id } = c.req.valid('param');
      const before = await read(id);
      if (!before.invited)
        return c.json(
          {
            message: `${before.username} has already set a password: they can use "Forgot password?" on the sign-in page.`,
          },
          409,
        );
      if (before.disabled)
        return c.json({ message: `${before.username}'s account is disabled: enable it first.` }, 409);
      if (before.role === 'client') return c.json({ message: 'Only staff are invited.' }, 409);
      const token = randomBytes(32).toString('base64url');
      const link = inviteLink(token);
      // The old links stop working in the same batch that stores the new one, its record and its e-mail.
      const [, , , , queued] = await db.batch([
        db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)),
        db.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: id,
          expiresAt: new Date(Date.now() + INVITE_TTL_MS),
        }),
        db
          .update(users)
          .set({ invitedAt: new Date() })
          .where(and(eq(users.id, id), isNotNull(users.invitedAt))),
        audit(db, {
          area: 'accounts',
          actor: actorOf(actor),
          subject: { type: 'account', id },
          action: 'resend-invite',
          after: { username: before.username, email: before.email },
        }),
        mailer.insert([
          staffInvite(before.email, before.username, before.role, actor.email, link, env.publicConfig.supportEmail),
        ]),
      ]);
      mailer.dispatch(queued);
      return c.json(serialise(await read(id)));
    })

    .on(endpoints.disableUser, async (c) => {
      const actor = requireStaffActor(c);
      const { id } = c.req.valid('param');
      if (id === actor.id) return c.json({ message: 'You cannot disable your own account.' }, 409);
      const before = await read(id);
      if (before.disabled) return c.json(serialise(before));
      const guard =
        before.role === 'master_admin'
          ? and(eq(users.id, id), isNull(users.disabledAt), anotherMasterAdmin)
          : and(eq(users.id, id), isNull(users.disabledAt));
      // Disabled, signed out everywhere and recorded at once: the next request of any of its sessions is anonymous.
      const isDisabled = sql`(select "disabledAt" from users where id = ${id}) is not null`;
      const [changed] = await db.batch([
        db.update(users).set({ disabledAt: new Date() }).where(guard).returning({ id: users.id }),
        accountChange(actor, id, before.username, { access: 'enabled' }, { access: 'disabled' }),
        db.delete(sessions).where(and(eq(sessions.userId, id), isDisabled)),
        db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, id), isDisabled)),
      ]);
      if (changed.length === 0) return c.json({ message: 'The last master admin cannot be disabled.' }, 409);
      await tell(before, { kind: 'access', enabled: false, by: actor.email });
      return c.json(serialise(await read(id)));
    })

    .on(endpoints.enableUser, async (c) => {
      const actor = requireStaffActor(c);
      const { id } = c.req.valid('param');
      const before = await read(id);
      if (!before.disabled) return c.json(serialise(before));
      const [enabled] = await db.batch([
        db
          .update(users)
          .set({ disabledAt: null })
          .where(and(eq(users.id, id), isNotNull(users.disabledAt)))
          .returning({ id: users.id }),
        accountChange(actor, id, before.username, { access: 'disabled' }, { access: 'enabled' }),
      ]);
      if (enabled.length > 0) await tell(before, { kind: 'access', enabled: true, by: actor.email });
      return c.json(serialise(await read(id)));
    }).app;
}
