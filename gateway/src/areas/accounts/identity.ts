import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { identityKey } from '@agency/contracts';
import { users, type Db } from '../../platform/db';

/** The account whose username is `name` in any case or width (through the `lower(username)` unique index). */
export const sameUsername = (name: string) => sql`lower(${users.username}) = ${identityKey(name)}`;
export const sameEmail = (email: string) => sql`lower(${users.email}) = ${identityKey(email)}`;

/** One wording of a taken identity wherever an account is made (registration, a staff invitation, the CLI's form). */
export const TAKEN = {
  username: 'That username is already taken',
  email: 'An account with that email already exists',
} as const;

/** Which identity of a new account is already someone's, if either: the 409 names that field (username first). */
export async function takenIdentity(db: Db, username: string, email: string): Promise<'username' | 'email' | null> {
  const holders = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${sameUsername(username)} or ${sameEmail(email)}`)
    .limit(2);
  if (holders.length === 0) return null;
  return holders.some((h) => identityKey(h.username) === identityKey(username)) ? 'username' : 'email';
}

const takenJson = (c: Context, field: keyof typeof TAKEN) =>
  c.json({ message: TAKEN[field], errors: { [field]: TAKEN[field] } }, 409);

/**
 * The 409 of an account that cannot be made because its username or e-mail is someone's, naming the field in the one
 * wording; null when neither is taken.
 */
export async function takenAnswer(c: Context, db: Db, username: string, email: string) {
  const field = await takenIdentity(db, username, email);
  return field && takenJson(c, field);
}

/**
 * The 409 after an insert that conflicted (a concurrent registration or invitation won between the check and the
 * insert): the loser hears the same words as anyone else, naming the field the winner took.
 */
export async function takenAfterConflict(c: Context, db: Db, username: string, email: string) {
  return (await takenAnswer(c, db, username, email)) ?? takenJson(c, 'username');
}

/** What a sign-in to a disabled account is told, by password or passkey, once it proved who it is (decision 0064). */
export const DISABLED_ACCOUNT = 'This account has been disabled. Please contact the agency if you need access.';
