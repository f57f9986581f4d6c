import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from './db';

export function health(db: Db) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      try {
        await db.run(sql`select 1`);
        return c.json({ status: 'ok' });
      } catch {
        return c.json({ status: 'unavailable', message: 'Database unreachable' }, 503);
      }
    });
}
