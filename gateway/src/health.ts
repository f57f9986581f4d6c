import { Hono } from 'hono';
import type { ReadinessCheck } from './ops/readiness';

/**
 * `/healthz`: the process answers. `/readyz`: it can serve the site (ops/readiness.ts): 503 with the reason and
 * Retry-After otherwise, which is what a load balancer takes it out of rotation by.
 */
export function health(readiness: ReadinessCheck) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      c.header('Cache-Control', 'no-store');
      const { ready, checks } = await readiness.check();
      if (ready) return c.json({ status: 'ok', checks });
      c.header('Retry-After', String(readiness.retryAfterSeconds));
      const message = Object.values(checks).find((said) => said !== 'ok');
      return c.json({ status: 'unavailable', message, checks }, 503);
    });
}
