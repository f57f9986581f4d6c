import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '@agency/contracts';
import { sessions } from '../../platform/db';
import { browser } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

const PASSWORD = 'Kahikatea#2025';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({});
});
afterAll(() => t.cleanup());

let n = 0;
const fresh = () => {
  n += 1;
  return { username: `hint${n}`, email: `hint${n}@example.nz`, password: PASSWORD };
};

/** Each Set-Cookie line of an answer by cookie name: its value and its attributes, lower-cased. */
function cookiesOf(res: { headers: Headers }) {
  const out = new Map<string, { value: string; attributes: Map<string, string> }>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(/;\s*/);
    const [name = '', value = ''] = pair.split('=');
    const attributes = new Map(
      rest.map((a) => {
        const [k = '', v = ''] = a.split('=');
        return [k.toLowerCase(), v];
      }),
    );
    out.set(name, { value, attributes });
  }
  return out;
}

describe('the signed-in hint cookie', () => {
  it('is set beside the session cookie at registration and login: same lifetime and path, readable by scripts', async () => {
    const b = browser(t.app);
    const account = fresh();
    for (const res of [
      await b.post('/api/register', account),
      await b.post('/api/login', { username: account.username, password: account.password }),
    ]) {
      const cookies = cookiesOf(res);
      const session = cookies.get('session')!;
      const hint = cookies.get(SIGNED_IN_COOKIE)!;
      expect(session.value).not.toBe('');
      expect(hint.value).toBe('1');
      expect(session.attributes.has('httponly')).toBe(true);
      expect(hint.attributes.has('httponly')).toBe(false);
      expect(hint.attributes.get('path')).toBe('/');
      expect(hint.attributes.get('samesite')).toBe('Lax');
      expect(hint.attributes.has('secure')).toBe(false);
      expect(hint.attributes.get('max-age')).toBe(session.attributes.get('max-age'));
    }
  });

  it('is cleared with the session cookie at logout', async () => {
    const b = browser(t.app);
    await b.post('/api/register', fresh());
    const cookies = cookiesOf(await b.post('/api/logout'));
    expect(cookies.get('session')).toMatchObject({ value: '' });
    expect(cookies.get(SIGNED_IN_COOKIE)).toMatchObject({ value: '' });
    expect(cookies.get(SIGNED_IN_COOKIE)!.attributes.get('max-age')).toBe('0');
    expect(b.jar.has(SIGNED_IN_COOKIE)).toBe(false);
  });

  it('is left alone when the session behind the cookie is gone (revoked, or replaced by a sign-in the request raced)', async () => {
    const b = browser(t.app);
    await b.post('/api/register', fresh());
    await t.db.delete(sessions);
    const res = await b.get('/api/auth/user');
    expect(res.status).toBe(401);
    // A blank session cookie on a late answer would sign out the session a sign-in had just made; the browser's
    // session read learns of the end from this 401 and leaves the ended mark itself (decision 0102).
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('is never sent to an anonymous visitor', async () => {
    const res = await browser(t.app).get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('is Secure when the site is served over https', async () => {
    const s = await setupApp({ PUBLIC_ORIGIN: 'https://beloud.example' });
    try {
      const hint = cookiesOf(await browser(s.app).post('/api/register', fresh())).get(SIGNED_IN_COOKIE)!;
      expect(hint.value).toBe('1');
      expect(hint.attributes.has('secure')).toBe(true);
      expect(hint.attributes.has('httponly')).toBe(false);
    } finally {
      await s.cleanup();
    }
  });
});
