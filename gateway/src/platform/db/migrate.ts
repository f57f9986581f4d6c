import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { identityKey } from '@agency/contracts';
import type { Db } from './client';

/** A migration that cannot run over the data as it is; the message says what to change. Nothing was applied. */
export class MigrationError extends Error {}

/** Applies the committed drizzle-kit migrations; already-applied ones are skipped. */
export async function migrateDb(db: Db, migrationsFolder: string): Promise<void> {
  await refuseCollidingIdentities(db);
  await migrate(db, { migrationsFolder });
}

interface Account {
  id: number;
  username: string;
  email: string;
}

/** Accounts grouped by the identity key of one field; only groups of two or more. */
function collisions(accounts: Account[], field: 'username' | 'email'): Account[][] {
  const groups = new Map<string, Account[]>();
  for (const account of accounts) {
    const key = identityKey(account[field]);
    groups.set(key, [...(groups.get(key) ?? []), account]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/**
 * Migration 0001 makes usernames and e-mail addresses unique in any case (decision 0019). Accounts that differ
 * only in case or width would stop it halfway with SQLite's bare "UNIQUE constraint failed"; merging or dropping
 * them would lose someone's data. So before it runs, they are looked for, under the same identityKey sign-in uses,
 * and listed for a person to settle.
 */
async function refuseCollidingIdentities(db: Db): Promise<void> {
  const objects = await db.all<{ name: string }>(
    sql`select name from sqlite_master where name in ('users', 'users_username_key')`,
  );
  const names = new Set(objects.map((o) => o.name));
  if (!names.has('users') || names.has('users_username_key')) return;
  const accounts = await db.all<Account>(sql`select id, username, email from users order by id`);
  const lines = (['username', 'email'] as const).flatMap((field) =>
    collisions(accounts, field).map(
      (group) => `  ${field}: ${group.map((a) => `${JSON.stringify(a[field])} (user id ${a.id})`).join(', ')}`,
    ),
  );
  if (lines.length === 0) return;
  throw new MigrationError(
    [
      'Cannot make usernames and e-mail addresses case-insensitive: these accounts would become one identity.',
      ...lines,
      'Nothing was changed. Rename or remove all but one account of each group (the database is unchanged and the',
      'gateway has not started), then start it again. See docs/decisions/0019.',
    ].join('\n'),
  );
}
