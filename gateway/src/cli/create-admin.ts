import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { PASSWORD_RULES } from '@agency/contracts';
import { CreateAdminError, createMasterAdmin } from '../areas/accounts';
import { createDb, migrateDb, MigrationError, migrationsFolder } from '../platform/db';
import { ConfigError, loadEnv } from '../platform/env';

/**
 * Creates the first master admin (there is no default password anywhere):
 *   pnpm create-admin                      prompts for username, e-mail and password
 *   ADMIN_USERNAME=.. ADMIN_EMAIL=.. ADMIN_PASSWORD=.. pnpm create-admin   for scripts
 */
const AdminEnv = z.object({
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
});

/** Answers from the terminal, or, when input is piped, one line per question in order. */
async function prompter() {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    const lines = text.split(/\r?\n/);
    return {
      ask: async (question: string) => {
        const line = lines.shift();
        if (line === undefined || line.trim() === '')
          throw new CreateAdminError(`No answer for "${question.trim()}" (input ended)`);
        return line.trim();
      },
      close: () => undefined,
    };
  }
  // Typing a password should not echo it to the terminal or the shell's scrollback.
  let muted = false;
  const output = new Writable({ write: (chunk, _enc, done) => (muted ? done() : process.stdout.write(chunk, done)) });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return {
    async ask(question: string, hidden = false): Promise<string> {
      const answer = rl.question(question);
      muted = hidden;
      const text = await answer;
      muted = false;
      if (hidden) process.stdout.write('\n');
      return text.trim();
    },
    close: () => rl.close(),
  };
}

async function main() {
  const env = loadEnv(process.env);
  const given = AdminEnv.parse(process.env);
  const needsInput = !given.ADMIN_USERNAME || !given.ADMIN_EMAIL || !given.ADMIN_PASSWORD;
  const prompt = needsInput ? await prompter() : { ask: async () => '', close: () => undefined };
  const username = given.ADMIN_USERNAME ?? (await prompt.ask('Username: '));
  const email = given.ADMIN_EMAIL ?? (await prompt.ask('E-mail: '));
  if (!given.ADMIN_PASSWORD)
    console.log(`Password rules: ${PASSWORD_RULES.map((r) => r.label.toLowerCase()).join('; ')}.`);
  const password = given.ADMIN_PASSWORD ?? (await prompt.ask('Password: ', true));
  prompt.close();

  const database = createDb(env.databaseUrl, { authToken: env.databaseAuthToken });
  await database.init();
  await migrateDb(database.db, migrationsFolder);
  try {
    const user = await createMasterAdmin(database.db, { username, email, password });
    console.log(
      `Master admin ${user.username} (${user.email}) created. Sign in at ${env.publicConfig.portalOrigin}/auth ` +
        'and set up an authenticator app (every staff account signs in with a second factor).',
    );
  } finally {
    database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof CreateAdminError || error instanceof ConfigError || error instanceof MigrationError;
  process.stderr.write(`${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
