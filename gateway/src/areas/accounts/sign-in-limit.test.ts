import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@agency/contracts';
import { createGroupCommit } from '../../platform/db';
import { rateLimiter } from '../../platform/http/rate-limit';
import { endpointRoutes } from '../../platform/http/routes';
import { createLogger } from '../../platform/logger';
import { setupApp } from '../../../test/helpers';
import { deviceCookies } from './device-cookie';
import { signInThrottle } from './sign-in-throttle';

/**
 * The sign-in limit is the login route's middleware (rateLimit, decision 0111): a locked attempt is answered before
 * its handler runs, with the words, Retry-After and log line it always had. Over a real libSQL file.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.cleanup();
});

describe('the sign-in limit as middleware', () => {
  it('lets five attempts for a name reach the handler and answers the sixth 429 itself', async () => {
    const lines: string[] = [];
    const signIns = signInThrottle(
      rateLimiter(t.db, createGroupCommit(t.db)),
      deviceCookies(t.db, t.env.publicConfig.portalOrigin),
      () => 'login:ip:192.0.2.1',
      createLogger('warn', (l) => lines.push(l)),
    );
    let reached = 0;
    const routes = endpointRoutes().on(
      endpoints.login,
      { afterInput: signIns.login((wait) => `Too many attempts. Try again ${wait}.`) },
      (c) => {
        reached++;
        expect(signIns.attempt(c).priority).toBe(reached === 1 ? 'clean' : 'other');
        signIns.attempt(c).failed();
        return c.json({ message: 'Invalid username or password' }, 401);
      },
    );
    const app = new Hono().route('/', routes.app);
    const attempt = () =>
      app.request('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'Limited.Name', password: 'Wrong#Guess123' }),
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe('Too many attempts. Try again in 15 minutes.');
    expect(reached).toBe(5);
    const locks = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'sign-in locked');
    expect(locks.map(({ lock, account, minutes }) => ({ lock, account, minutes }))).toEqual([
      { lock: 'account', account: 'limited.name', minutes: 15 },
    ]);
  });
});

describe('the second-factor code limit as middleware', () => {
  it('counts codes only for a request its step finds, lets five reach the handler and answers the sixth 429 itself', async () => {
    const lines: string[] = [];
    const signIns = signInThrottle(
      rateLimiter(t.db, createGroupCommit(t.db)),
      deviceCookies(t.db, t.env.publicConfig.portalOrigin),
      () => 'login:ip:192.0.2.2',
      createLogger('warn', (l) => lines.push(l)),
    );
    // The step the route's own lookup finds: here, a header stands for a pending sign-in.
    const codes = signIns.codes(
      (c) => (c.req.header('x-signing-in') ? { user: { id: 424242, username: 'Coded.Name' } } : null),
      (wait) => `Too many codes. Try again ${wait}.`,
    );
    let reached = 0;
    const routes = endpointRoutes().on(endpoints.secondFactor, { afterInput: codes.limit }, (c) => {
      reached++;
      const step = codes.step(c);
      if (!step) return c.json({ message: 'Sign in with your username and password first.' }, 401);
      expect(step.user.id).toBe(424242);
      codes.attempt(c).failed();
      return c.json({ message: 'That code is not right.', errors: { code: 'That code is not right.' } }, 400);
    });
    const app = new Hono().route('/', routes.app);
    const send = (signingIn: boolean) =>
      app.request('/auth/second-factor', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signingIn ? { 'x-signing-in': '1' } : {}) },
        body: JSON.stringify({ code: '000000' }),
      });
    // Not signing in: the handler refuses, and nothing is counted however often.
    for (let i = 0; i < 7; i++) expect((await send(false)).status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(true)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const refused = await send(true);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe('Too many codes. Try again in 15 minutes.');
    expect(reached).toBe(12);
    const locks = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'sign-in locked');
    expect(locks.map(({ lock, account, key, minutes }) => ({ lock, account, key, minutes }))).toEqual([
      { lock: 'account', account: 'coded.name', key: '2fa:user:424242', minutes: 15 },
    ]);
  });
});
