import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { STAFF_ROLES } from '@agency/contracts';
import { requireUser, type AuthEnv } from './session';
import { users, type Db } from '../../db';

export const isStaff = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Whose data a request is about. A client only ever gets their own id (asking for anyone else's is a 404,
 * so ids of other clients cannot be probed); staff name a client with `?clientId=` or the path.
 */
export async function clientScope(c: Context<AuthEnv>, db: Db, requested: number | undefined): Promise<number> {
  const { user } = requireUser(c);
  if (!isStaff(user.role)) {
    if (requested !== undefined && requested !== user.id) throw new HTTPException(404, { message: 'Not found' });
    return user.id;
  }
  if (requested === undefined)
    throw new HTTPException(400, { message: 'clientId is required: the id of a client account' });
  const [client] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, requested), eq(users.role, 'client')));
  if (!client) throw new HTTPException(404, { message: 'No such client' });
  return client.id;
}

export function requireStaff(c: Context<AuthEnv>) {
  const signedIn = requireUser(c);
  if (!isStaff(signedIn.user.role)) throw new HTTPException(403, { message: 'Only agency staff can do this' });
  return signedIn;
}

/** The signed-in staff member a content write is recorded for (areas/content/write.ts); 401/403 for anyone else. */
export function requireStaffActor(c: Context<AuthEnv>): { id: number; email: string } {
  const { user } = requireStaff(c);
  return { id: user.id, email: user.email };
}

export function requireMasterAdmin(c: Context<AuthEnv>) {
  const signedIn = requireUser(c);
  if (signedIn.user.role !== 'master_admin')
    throw new HTTPException(403, { message: 'Only a master admin can do this' });
  return signedIn;
}

/**
 * Route guards, placed before a route's validators: who may call it is decided before what they sent is looked at,
 * so a stranger learns nothing from a 400.
 */
export const signedInOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  requireUser(c);
  await next();
};
export const staffOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  requireStaff(c);
  await next();
};
export const masterAdminOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  requireMasterAdmin(c);
  await next();
};
