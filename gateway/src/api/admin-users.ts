import { and, eq, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { endpoints } from '@agency/contracts';
import { requireUser } from '../auth/session';
import { resetSecondFactors } from '../auth/reset-factors';
import { paged, sessions, users } from '../db';
import type { ApiDeps } from './deps';
import { endpointRoutes } from './routes';

/** Master admins list every account and change roles; the last master admin can never be demoted. */
export function adminUsersApi({ db, logger }: ApiDeps) {
  return endpointRoutes()
    .on(endpoints.resetSecondFactor, async (c) => {
      const { user: actor } = requireUser(c);
      const { id } = c.req.valid('param');
      const [target] = await db.select().from(users).where(eq(users.id, id));
      if (!target || target.role === 'client')
        return c.json({ message: 'Only a staff account has second factors to reset here.' }, 404);
      if (target.id === actor.id)
        return c.json({ message: 'Another master admin must reset your own second factor.' }, 409);
      await resetSecondFactors(db, target, actor);
      logger.info('second factor reset', { by: actor.email, of: target.email });
      return c.json({ message: `${target.username} will set up a new authenticator app at their next sign-in.` });
    })
    .on(endpoints.adminUsers, async (c) => {
      const rows = db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
        })
        .from(users)
        .orderBy(users.username);
      return c.json(await paged(db, c.req.valid('query'), rows, users));
    })

    .on(endpoints.changeRole, async (c) => {
      const { id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
      if (!target) throw new HTTPException(404, { message: 'No such user' });
      if (target.role === 'master_admin' && role !== 'master_admin') {
        // Counted and changed in one statement so two demotions at once cannot both pass the check.
        const changed = await db
          .update(users)
          .set({ role })
          .where(and(eq(users.id, id), sql`(select count(*) from users where role = 'master_admin') > 1`))
          .returning({ id: users.id });
        if (changed.length === 0) throw new HTTPException(409, { message: 'The last master admin cannot be demoted' });
      } else {
        await db.update(users).set({ role }).where(eq(users.id, id));
      }
      // A role change is a privilege change: the user signs in again under the new role.
      await db.delete(sessions).where(eq(sessions.userId, id));
      const [updated] = await db
        .select({ id: users.id, username: users.username, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, id));
      // The user was there a moment ago; one deleted since is the same 404 as at the start.
      if (!updated) throw new HTTPException(404, { message: 'No such user' });
      return c.json(updated);
    }).app;
}
