import { eq, or } from 'drizzle-orm';
import { RegisterSchema, type User } from '@agency/contracts';
import { users, type Db } from '../db';
import { invalidInput } from '../http/validate';
import { hashPassword } from './passwords';

export class CreateAdminError extends Error {}

/** Creates a master admin under the same username, e-mail and password rules as registration. */
export async function createMasterAdmin(
  db: Db,
  input: { username?: string; email?: string; password?: string },
): Promise<User> {
  const parsed = RegisterSchema.safeParse({ ...input, role: 'master_admin' });
  if (!parsed.success) throw new CreateAdminError(invalidInput(parsed.error).message);
  const { username, password } = parsed.data;
  const email = parsed.data.email.toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)));
  if (taken) throw new CreateAdminError(`A user with username ${username} or e-mail ${email} already exists`);
  const [row] = await db
    .insert(users)
    .values({ username, email, password: await hashPassword(password), role: 'master_admin' })
    .returning();
  return { id: row!.id, username: row!.username, email: row!.email, role: row!.role };
}
