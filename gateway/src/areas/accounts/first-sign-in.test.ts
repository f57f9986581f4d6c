import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './passwords';
import { users } from '../../platform/db';
import { setupApp } from '../../../test/helpers';
import { portalPost } from '../../../test/portal-http';
import { listen } from '../../../test/release-pipeline';

/**
 * A completed sign-in says whether it was the account's first (so the page welcomes, not welcomes back), over real
 * HTTP against the gateway on its own database file.
 */
const PASSWORD = 'Kahikatea#2025';
let t: Awaited<ReturnType<typeof setupApp>>;
let site: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  t = await setupApp({});
  site = await listen(t.app);
});
afterAll(async () => {
  await site.close();
  await t.cleanup();
});

const post = (path: string, body: unknown, cookie = '') => portalPost(site.origin, path, body, cookie);

const lastSignInOf = async (username: string) =>
  (await t.db.select({ at: users.lastSignInAt }).from(users).where(eq(users.username, username)))[0]?.at;

describe('first sign-in', () => {
  it('is first for an account that never signed in, and not for the sign-ins after it', async () => {
    // Made as a master admin's account set-up or the create-admin command makes one: never signed in.
    await t.db.insert(users).values({
      username: 'tui',
      email: 'tui@example.nz',
      password: await hashPassword(PASSWORD),
      role: 'client',
    });
    expect(await lastSignInOf('tui')).toBeNull();

    const first = await post('/api/login', { username: 'tui', password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ username: 'tui', firstSignIn: true });
    expect(await lastSignInOf('tui')).toBeInstanceOf(Date);

    const again = await post('/api/login', { username: 'TUI', password: PASSWORD });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ username: 'tui', firstSignIn: false });
  });

  it('counts registering (which signs in) as the first: the next sign-in is a return', async () => {
    const registered = await post('/api/register', { username: 'kea', email: 'kea@example.nz', password: PASSWORD });
    expect(registered.status).toBe(201);
    expect(registered.json).not.toHaveProperty('firstSignIn');
    const signIn = await post('/api/login', { username: 'kea', password: PASSWORD });
    expect(signIn.json).toMatchObject({ username: 'kea', firstSignIn: false });
  });

  it('records nothing for a wrong password', async () => {
    await t.db.insert(users).values({
      username: 'weka',
      email: 'weka@example.nz',
      password: await hashPassword(PASSWORD),
      role: 'client',
    });
    expect((await post('/api/login', { username: 'weka', password: 'Wrong#Pass1' })).status).toBe(401);
    expect(await lastSignInOf('weka')).toBeNull();
    expect((await post('/api/login', { username: 'weka', password: PASSWORD })).json.firstSignIn).toBe(true);
  });
});
