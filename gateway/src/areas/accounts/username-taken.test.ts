import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMasterAdmin } from './create-admin';
import { signedIn, type browser } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { portalPost } from '../../../test/portal-http';
import { listen } from '../../../test/release-pipeline';

/**
 * A username that is someone's is refused in one wording wherever an account is made: registration, a master admin's
 * invitation, and the create-admin command. Over real HTTP against the gateway on its own database file.
 */
const TAKEN = 'That username is already taken';
const PASSWORD = 'Kahikatea#2025';
let t: Awaited<ReturnType<typeof setupApp>>;
let site: Awaited<ReturnType<typeof listen>>;
let master: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await setupApp({});
  site = await listen(t.app);
  master = await signedIn(t.app, t.db, 'master_admin', 'taken-master');
});
afterAll(async () => {
  await site.close();
  await t.cleanup();
});

const cookieOf = (b: ReturnType<typeof browser>) => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const post = (path: string, body: unknown, cookie = '') => portalPost(site.origin, path, body, cookie);

describe('a username already taken', () => {
  it('is the same 409, on the username field, for registration and an invitation', async () => {
    expect(
      (await post('/api/register', { username: 'Aroha', email: 'aroha@example.nz', password: PASSWORD })).status,
    ).toBe(201);
    const registering = await post('/api/register', {
      username: 'aroha',
      email: 'other@example.nz',
      password: PASSWORD,
    });
    const inviting = await post(
      '/api/admin/users/invite',
      { username: 'AROHA', email: 'staff@example.nz', role: 'admin' },
      cookieOf(master.b),
    );
    for (const answer of [registering, inviting]) {
      expect(answer.status).toBe(409);
      expect(answer.json).toEqual({ message: TAKEN, errors: { username: TAKEN } });
    }
  });

  it('is said in the same words by the create-admin command', async () => {
    await expect(
      createMasterAdmin(t.db, { username: 'taken-master', email: 'new@example.nz', password: PASSWORD }),
    ).rejects.toThrow(`${TAKEN}: taken-master`);
  });
});
