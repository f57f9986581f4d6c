import { Hono } from 'hono';
import type { ReadinessCheck } from './readiness';
import type { SandboxHost } from '../../platform/render/sandbox-process';

/**
 * `/healthz`: the process answers. `/readyz`: it can serve the site (areas/ops/readiness.ts): 503 with the reason and
 * Retry-After otherwise, which is what a load balancer takes it out of rotation by. It also says where team code
 * runs (decision 0073): a host without namespaces still serves every page (rendered in the browser when team code
 * cannot run), so that alone does not make it unready, but the operator reads it here and in the start log.
 */
export function health(readiness: ReadinessCheck, sandbox: () => Promise<SandboxHost>) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      c.header('Cache-Control', 'no-store');
      const [{ ready, checks }, host] = await Promise.all([readiness.check(), sandbox()]);
      const teamCode = { runs: host.runs, namespaces: host.namespaces, uid: host.uid, summary: host.summary };
      if (ready) return c.json({ status: 'ok', checks, teamCode });
      c.header('Retry-After', String(readiness.retryAfterSeconds));
      const message = Object.values(checks).find((said) => said !== 'ok');
      return c.json({ status: 'unavailable', message, checks, teamCode }, 503);
    });
}
