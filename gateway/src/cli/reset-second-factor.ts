import { identityKey } from '@agency/contracts';
import { sameUsername, resetSecondFactors } from '../areas/accounts';
import { createDb, migrateDb, MigrationError, migrationsFolder, users } from '../platform/db';
import { ConfigError, loadEnv } from '../platform/env';

/**
 * `pnpm reset-second-factor <username>`: for an operator with the database, when the last master admin has lost
 * their authenticator app and recovery codes (no one is left to reset it from the Users tab). Clears the account's
 * app, recovery codes and passkeys and ends its sessions, recorded in the audit trail as the command line's doing; the
 * account sets up a new app at its next sign-in (decision 0061).
 */
class UsageError extends Error {}

async function main() {
  const username = process.argv[2];
  if (!username) throw new UsageError('usage: pnpm reset-second-factor <username>');
  const env = loadEnv(process.env);
  const database = createDb(env.databaseUrl, { authToken: env.databaseAuthToken });
  await database.init();
  await migrateDb(database.db, migrationsFolder);
  try {
    const [user] = await database.db.select().from(users).where(sameUsername(username));
    if (!user) throw new UsageError(`No account is named ${identityKey(username)}`);
    await resetSecondFactors(database.db, user, null);
    console.log(
      `The second factors of ${user.username} (${user.role}) are cleared and every session of theirs has ended. ` +
        `At their next sign-in, after the password, they set up a new authenticator app.`,
    );
  } finally {
    database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof ConfigError || error instanceof MigrationError;
  process.stderr.write(`${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
