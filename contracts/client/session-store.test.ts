import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, HttpError, isHttpError, LOGIN_DELAY_MS, SESSION_FRESH_MS } from './session-store';

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

  it('raises "status: body" errors carrying the server message, with no retry', async () => {
    const f = fakeFetch([409, { message: 'That username is already taken' }]);
    const store = createSessionStore(f.impl);
    const error = await store
      .getState()
      .register({ username: 'a', email: 'a@b.nz', password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('409: {"message":"That username is already taken"}');
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

describe('isHttpError', () => {
  it('recognises an HttpError thrown by another bundle copy of contracts, by shape', () => {
    class OtherCopy extends Error {
      status = 401;
      override name = 'HttpError';
    }
    expect(isHttpError(new OtherCopy('401: {}'))).toBe(true);
    expect(isHttpError(new HttpError(500, 'x', undefined))).toBe(true);
    expect(isHttpError(new Error('401: {}'))).toBe(false);
  });
});
