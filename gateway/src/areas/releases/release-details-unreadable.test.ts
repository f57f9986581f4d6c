import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { setupApp } from '../../../test/helpers';
import { checksOf, releaseHistory } from './database-state';

/**
 * Release actions' details are read by their schema (decision 0111): a version whose recorded checks do not parse is
 * treated as failed (nothing selects it until it is checked again), and an action whose details do not parse is in
 * the history with none; both are logged. Over a real libSQL file.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.cleanup();
});

const recorded = (action: string, version: string, details: string) =>
  t.db.run(
    sql`insert into release_actions (actor, host, action, remote, version, details)
        values ('cli', 'test', ${action}, 'marketing', ${version}, ${details})`,
  );

describe('release actions whose details do not parse', () => {
  it('a version with unreadable checks is treated as failed, and the history shows the action without details', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('warn', (l) => lines.push(JSON.parse(l) as Record<string, unknown>));
    await recorded('checks', '1.0.0-notjson', 'passed: yes');
    await recorded('checks', '1.0.1-null', 'null');
    await recorded('checks', '1.0.2-good', '{"passed":true,"checks":[]}');

    const failed = { state: 'failed', reasons: 'its recorded pre-flight checks cannot be read.' };
    expect(await checksOf(t.db, 'marketing', '1.0.0-notjson', logger)).toEqual(failed);
    expect(await checksOf(t.db, 'marketing', '1.0.1-null', logger)).toEqual(failed);
    expect(await checksOf(t.db, 'marketing', '1.0.2-good', logger)).toEqual({ state: 'passed' });

    const history = await releaseHistory(t.db, { remote: 'marketing' }, logger);
    expect(history.map((a) => [a.version, a.details])).toEqual([
      ['1.0.2-good', { passed: true, checks: [] }],
      ['1.0.1-null', {}],
      ['1.0.0-notjson', {}],
    ]);
    expect(lines.map((l) => l.msg)).toEqual([
      'stored pre-flight checks unreadable: the version is treated as failed',
      'stored pre-flight checks unreadable: the version is treated as failed',
      'stored release action details unreadable: shown as none',
      'stored release action details unreadable: shown as none',
    ]);
  });
});
