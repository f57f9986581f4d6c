import { and, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { PageQuerySchema, RoleSchema } from '@agency/contracts';
import type { AuthEnv } from '../auth/session';
import { sessions, users } from '../db';
import { validate } from '../http/validate';
import { idParam, masterAdminOnly, offsetOf } from '../auth/access';
import type { ApiDeps } from './deps';

const RoleChangeSchema = z.object({ role: RoleSchema });

/** Master admins list every account and change roles; the last master admin can never be demoted. */
export function adminUsersApi({ db }: ApiDeps) {
  return new Hono<AuthEnv>()
    .get('/admin/users', masterAdminOnly, validate('query', PageQuerySchema), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const [items, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            username: users.username,
            email: users.email,
            role: users.role,
            createdAt: users.createdAt,
          })
          .from(users)
          .orderBy(users.username)
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(users),
      ]);
      return c.json({ items, total: total?.n ?? 0, page, pageSize });
    })

    .patch('/admin/users/:id/role', masterAdminOnly, validate('json', RoleChangeSchema), async (c) => {
      const id = idParam(c.req.param('id'));
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
      return c.json(updated);
    });
}
