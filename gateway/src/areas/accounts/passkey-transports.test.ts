import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { setupApp } from '../../../test/helpers';
import { passkeyCeremonies } from './passkeys';

/**
 * A passkey's stored transports are read by their schema (decision 0111): a row whose transports are not JSON, or
 * not a list of transports, is offered without them and logged; the account's other passkeys keep theirs. Over a
 * real libSQL file.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.cleanup();
});

describe('stored passkey transports', () => {
  it('an odd row is offered without transports and logged, never a failed sign-in step', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ username: 'keyholder', email: 'keyholder@example.nz', password: 'x', role: 'client' })
      .returning();
    const add = (id: string, transports: string) =>
      t.db.run(
        sql`insert into passkeys (id, userId, name, publicKey, counter, transports)
            values (${id}, ${user!.id}, ${id}, 'AQID', 0, ${transports})`,
      );
    await add('a-good-key', '["internal","hybrid"]');
    await add('b-not-json', 'usb,nfc');
    await add('c-not-transports', '{"usb":true}');

    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('warn', (l) => lines.push(JSON.parse(l) as Record<string, unknown>));
    const options = await passkeyCeremonies(t.db, t.env.publicConfig.portalOrigin, logger).authenticationOptions(
      user!.id,
    );

    const offered = Object.fromEntries((options.allowCredentials ?? []).map((k) => [k.id, k.transports]));
    expect(offered).toEqual({ 'a-good-key': ['internal', 'hybrid'], 'b-not-json': [], 'c-not-transports': [] });
    expect(
      lines
        .map(({ msg, passkey }) => ({ msg, passkey }))
        .sort((x, y) => String(x.passkey).localeCompare(String(y.passkey))),
    ).toEqual([
      { msg: 'stored passkey transports unreadable: the passkey is offered without them', passkey: 'b-not-json' },
      { msg: 'stored passkey transports unreadable: the passkey is offered without them', passkey: 'c-not-transports' },
    ]);
  });
});
