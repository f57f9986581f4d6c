import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { STAFF_ROLES } from '@agency/contracts';
import { requireUser, type AuthEnv } from '../auth/session';
import { users, type Db } from '../db';

export const isStaff = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Whose data a request is about. A client only ever gets their own id (asking for anyone else's is a 404,
 * so ids of other clients cannot be probed); staff name a client with `?clientId=` or the path.
 */
export async function clientScope(c: Context<AuthEnv>, db: Db, requested: string | undefined): Promise<number> {
  const { user } = requireUser(c);
  if (!isStaff(user.role)) {
    if (requested !== undefined && Number(requested) !== user.id)
      throw new HTTPException(404, { message: 'Not found' });
    return user.id;
  }
  const id = Number(requested);
  if (requested === undefined || !Number.isInteger(id) || id < 1)
    throw new HTTPException(400, { message: 'clientId is required: the id of a client account' });
  const [client] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'client')));
  if (!client) throw new HTTPException(404, { message: 'No such client' });
  return client.id;
}

export function requireStaff(c: Context<AuthEnv>) {
  const signedIn = requireUser(c);
  if (!isStaff(signedIn.user.role)) throw new HTTPException(403, { message: 'Only agency staff can do this' });
  return signedIn;
}

export function requireMasterAdmin(c: Context<AuthEnv>) {
  const signedIn = requireUser(c);
  if (signedIn.user.role !== 'master_admin')
    throw new HTTPException(403, { message: 'Only a master admin can do this' });
  return signedIn;
}

/** `?page=&pageSize=` read leniently: bad values fall back to the defaults' limits with a 400 naming them. */
export function pageParams(c: Context): { page: number; pageSize: number; offset: number } {
  const page = Number(c.req.query('page') ?? 1);
  const pageSize = Number(c.req.query('pageSize') ?? 20);
  if (!Number.isInteger(page) || page < 1)
    throw new HTTPException(400, { message: 'page must be a whole number from 1' });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    throw new HTTPException(400, { message: 'pageSize must be a whole number from 1 to 100' });
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export const idParam = (value: string | undefined, name = 'id') => {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1)
    throw new HTTPException(400, { message: `${name} must be a positive whole number` });
  return id;
};
