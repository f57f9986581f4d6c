import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

/**
 * A client's metrics are read by their schema (MetricsSchema, decision 0111): a channel whose stored figures are not
 * JSON, or not figures, is shown as missing and logged; the row's other channels are shown. Over a real libSQL file.
 */
const lines: Record<string, unknown>[] = [];
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({}, { logger: createLogger('warn', (l) => lines.push(JSON.parse(l) as Record<string, unknown>)) });
});
afterAll(async () => {
  await t.cleanup();
});

describe('stored metrics that do not parse', () => {
  it('show that channel as missing, and the rest as stored', async () => {
    const client = await signedIn(t.app, t.db, 'client', 'figures');
    await t.db.run(
      sql`insert into metrics (userId, seo, smm, sem, date)
          values (${client.id}, 'rank 4', '["a", "list"]', '{"cpc":1.8}', '2026-10-31')`,
    );
    const answer = await client.b.get('/api/metrics/latest');
    expect(answer.status).toBe(200);
    expect(answer.json.metrics).toMatchObject({ date: '2026-10-31', seo: null, smm: null, sem: { cpc: 1.8 } });
    expect(
      lines.filter((l) => l.msg === 'stored metrics unreadable: the channel is shown as missing').map((l) => l.channel),
    ).toEqual(['seo', 'smm']);
  });
});
