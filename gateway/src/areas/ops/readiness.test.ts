/**
 * Ready means ready (decision 0086): /readyz answers 503 with the reason while any remote the gateway serves has no
 * live version, or its live version's files are not in the object store (a new or emptied bucket), and the gateway
 * logs an error naming it and the command that fixes it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createLogger } from '../../platform/logger';
import { folderStore } from '../../platform/storage/folder-store';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';

const logged: Record<string, unknown>[] = [];
const logger = createLogger('info', (line) => logged.push(JSON.parse(line) as Record<string, unknown>));
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({}, { logger });
});
afterAll(() => t.cleanup());

const readyz = async (app = t.app) => {
  const res = await app.request('/readyz');
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as never };
};
const errors = () => logged.filter((l) => l.level === 'error');

it('is not ready, and says why and how to fix it, while a remote has no live version', async () => {
  const store = remoteStore(t);
  await store.publish('marketing', await fakeRemoteBuild(t.root, 'marketing'));
  const answer = await readyz();
  expect(answer.status).toBe(503);
  expect(answer.retryAfter).toBe('5');
  expect(answer.body).toMatchObject({
    status: 'unavailable',
    message: expect.stringMatching(/^No live version of quoting, account: .*'pnpm remotes publish-all'/),
    checks: { database: 'ok', bucket: 'ok', remotes: expect.stringContaining('No live version of quoting, account') },
  });
  expect(errors()).toEqual([
    expect.objectContaining({
      msg: 'not ready',
      check: 'remotes',
      reason: expect.stringContaining('quoting, account'),
    }),
  ]);
  // Asked again, the same reason is not logged again.
  await readyz();
  expect(errors()).toHaveLength(1);

  await store.publish('quoting', await fakeRemoteBuild(t.root, 'quoting'));
  await store.publish('account', await fakeRemoteBuild(t.root, 'account'));
  expect(await readyz()).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(logged).toContainEqual(expect.objectContaining({ level: 'info', msg: 'ready again', check: 'remotes' }));
});

it('is not ready over a store that lacks the live versions (a new bucket beside a filled database)', async () => {
  const empty = await mkdtemp(path.join(tmpdir(), 'empty-store-'));
  try {
    const stores = { ...t.stores, remotes: folderStore(empty) };
    const app = createApp({ env: t.env, db: t.db, messaging: t.messaging, logger, stores });
    const answer = await readyz(app);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      checks: {
        remotes: expect.stringMatching(
          /^The live version of marketing \S+, quoting \S+, account \S+ is not in the object store file:.*'pnpm remotes publish-all'/,
        ),
      },
    });
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
});

it('does not wait for remotes served from elsewhere', async () => {
  const elsewhere = await setupApp({
    REMOTE_MARKETING_URL: 'https://cdn.example/marketing/mf-manifest.json',
    REMOTE_QUOTING_URL: 'https://cdn.example/quoting/mf-manifest.json',
    REMOTE_ACCOUNT_URL: 'https://cdn.example/account/mf-manifest.json',
  });
  try {
    expect(await readyz(elsewhere.app)).toMatchObject({ status: 200 });
  } finally {
    await elsewhere.cleanup();
  }
});
