import { RegisterSchema, type User } from '@agency/contracts';
import { users, type Db } from '../../platform/db';
import { invalidInput } from '../../platform/http/validate';
import { TAKEN, takenIdentity } from './identity';
import { hashPassword } from './passwords';

export class CreateAdminError extends Error {}

/** Creates a master admin under the same username, e-mail and password rules as registration. */
export async function createMasterAdmin(
  db: Db,
  input: { username?: string; email?: string; password?: string },
): Promise<User> {
  const parsed = RegisterSchema.safeParse({ ...input, role: 'master_admin' });
  if (!parsed.success) throw new CreateAdminError(invalidInput(parsed.error).message);
  const { username, email, password } = parsed.data;
  const taken = await takenIdentity(db, username, email);
  // The words registration and invitations answer with, and the name that is taken.
  if (taken) throw new CreateAdminError(`${TAKEN[taken]}: ${taken === 'username' ? username : email}`);
  const [row] = await db
    .insert(users)
    .values({ username, email, password: await hashPassword(password), role: 'master_admin' })
    .returning();
  return { id: row!.id, username: row!.username, email: row!.email, role: row!.role };
}
