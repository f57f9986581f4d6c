import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { cookieHint, createSessionStore, LOGIN_DELAY_MS, SESSION_FRESH_MS, type SignedInHint } from './session-store';

const user = { id: 1, username: 'aroha', email: 'aroha@example.nz', role: 'client' as const };

/** A fetch that answers from a queue and records each call's method and path. */
function fakeFetch(...answers: [number, unknown][]) {
  const calls: string[] = [];
  const impl = vi.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(path)}`);
    const [status, body] = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

afterEach(() => vi.useRealTimers());

describe('session store', () => {
  it('treats a 401 as nobody signed in and keeps a read fresh for 10 minutes', async () => {
    vi.useFakeTimers();
    const f = fakeFetch([401, { message: 'Not authenticated' }], [200, user]);
    const store = createSessionStore(f.impl);
    expect(store.getState().status).toBe('loading');
    expect(await store.getState().refresh()).toBeNull();
    expect(store.getState().status).toBe('unauthenticated');
    await store.getState().refresh();
    expect(f.calls).toHaveLength(1);
    vi.advanceTimersByTime(SESSION_FRESH_MS + 1);
    expect(await store.getState().refresh()).toEqual(user);
    expect(store.getState()).toMatchObject({ status: 'authenticated', user });
    expect(f.calls).toEqual(['GET /api/auth/user', 'GET /api/auth/user']);
  });

  it('waits 100 ms before logging in, then holds the returned user', async () => {
    vi.useFakeTimers();
    const f = fakeFetch([200, user]);
    const store = createSessionStore(f.impl);
    const pending = store.getState().login({ username: 'aroha', password: 'x' });
    await vi.advanceTimersByTimeAsync(LOGIN_DELAY_MS - 1);
    expect(f.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual(user);
    expect(store.getState().user).toEqual(user);
  });

  it("raises errors in the server's words, with no retry", async () => {
    const f = fakeFetch([409, { message: 'That username is already taken' }]);
    const store = createSessionStore(f.impl);
    const error = await store
      .getState()
      .register({ username: 'a', email: 'a@b.nz', password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('That username is already taken');
    expect((error as HttpError).serverMessage).toBe('That username is already taken');
    expect(f.calls).toHaveLength(1);
    expect(store.getState().user).toBeNull();
  });

  it('logs out: pending flag, user cleared, session read again', async () => {
    const f = fakeFetch([200, user], [200, { message: 'Logged out' }], [401, {}]);
    const store = createSessionStore(f.impl);
    await store.getState().refresh();
    const pending = store.getState().logout();
    expect(store.getState().loggingOut).toBe(true);
    await pending;
    expect(store.getState()).toMatchObject({ user: null, status: 'unauthenticated', loggingOut: false });
    expect(f.calls).toEqual(['GET /api/auth/user', 'POST /api/logout', 'GET /api/auth/user']);
  });
});

/** A `signed-in` hint cookie held in memory: signed in, the ended mark, or none. */
function fakeHint(present: boolean, ended = false): SignedInHint & { cleared: number; markedEnded: number } {
  const hint = {
    cleared: 0,
    markedEnded: 0,
    present: () => present,
    ended: () => ended,
    clear: () => {
      present = false;
      ended = false;
      hint.cleared++;
    },
    markEnded: () => {
      present = false;
      ended = true;
      hint.markedEnded++;
    },
  };
  return hint;
}

describe('session store and the signed-in hint', () => {
  it('does not ask the API when the browser holds no hint: nobody is signed in', async () => {
    const f = fakeFetch([200, user]);
    const store = createSessionStore(f.impl, fakeHint(false));
    expect(await store.getState().refresh()).toBeNull();
    expect(store.getState().status).toBe('unauthenticated');
    expect(await store.getState().refresh({ force: true })).toBeNull();
    expect(f.calls).toEqual([]);
  });

  it('asks as before when the hint is there', async () => {
    const f = fakeFetch([200, user]);
    const hint = fakeHint(true);
    const store = createSessionStore(f.impl, hint);
    expect(await store.getState().refresh()).toEqual(user);
    expect(f.calls).toEqual(['GET /api/auth/user']);
    expect(hint.cleared).toBe(0);
  });

  it('marks a hint that outlived its session ended when the API answers 401, and asks no more', async () => {
    const f = fakeFetch([401, { message: 'Not authenticated' }]);
    const hint = fakeHint(true);
    const store = createSessionStore(f.impl, hint);
    expect(await store.getState().refresh()).toBeNull();
    expect(hint.markedEnded).toBe(1);
    await store.getState().refresh({ force: true });
    expect(f.calls).toEqual(['GET /api/auth/user']);
    expect(store.getState().ended).toBe(true);
  });

  it('starts as a session that ended when the page finds the ended mark (a reload after it), without asking', async () => {
    const f = fakeFetch([200, user]);
    const store = createSessionStore(f.impl, fakeHint(false, true));
    expect(await store.getState().refresh()).toBeNull();
    expect(store.getState()).toMatchObject({ user: null, status: 'unauthenticated', ended: true });
    expect(f.calls).toEqual([]);
  });

  it('marks a session that ended elsewhere (a 401 behind the hint, or from any call while signed in); a sign-in or a sign-out here resets it', async () => {
    const stale = createSessionStore(fakeFetch([401, { message: 'Not authenticated' }]).impl, fakeHint(true));
    await stale.getState().refresh();
    expect(stale.getState().ended).toBe(true);
    stale.getState().signedIn(user);
    expect(stale.getState().ended).toBe(false);

    const never = createSessionStore(fakeFetch([200, user]).impl, fakeHint(false));
    await never.getState().refresh();
    expect(never.getState().ended).toBe(false);

    const hint = fakeHint(true);
    const live = createSessionStore(fakeFetch([200, user], [200, {}], [401, {}]).impl, hint);
    await live.getState().refresh();
    live.getState().sessionEnded();
    expect(live.getState()).toMatchObject({ user: null, status: 'unauthenticated', ended: true });
    expect(hint.markedEnded).toBe(1);
    live.getState().signedIn(user);
    await live.getState().logout();
    expect(live.getState().ended).toBe(false);
  });

  it('keeps the hint when the read fails for another reason (the session may still be good)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hint = fakeHint(true);
    const store = createSessionStore(fakeFetch([503, 'busy']).impl, hint);
    expect(await store.getState().refresh()).toBeNull();
    expect(hint.cleared + hint.markedEnded).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('cookieHint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['signed-in=1', true],
    ['theme=dark; signed-in=1; x=2', true],
    ['theme=dark', false],
    ['not-signed-in=1', false],
    ['', false],
    ['signed-in=ended', false],
  ])('reads %j as %s', (cookie, present) => {
    vi.stubGlobal('document', { cookie });
    expect(cookieHint().present()).toBe(present);
    expect(cookieHint().ended()).toBe(cookie === 'signed-in=ended');
  });

  it('leaves the ended mark for a day in place of the hint', () => {
    const doc = { cookie: 'signed-in=1' };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { protocol: 'http:' });
    cookieHint().markEnded();
    expect(doc.cookie).toBe('signed-in=ended; Max-Age=86400; Path=/; SameSite=Lax');
  });

  it('clears the hint with an expired cookie on the same path, Secure over https', () => {
    const doc = { cookie: 'signed-in=1' };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { protocol: 'https:' });
    cookieHint().clear();
    expect(doc.cookie).toBe('signed-in=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });
});
