import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseActions } from '../../platform/db';
import { signedIn } from '../../../test/auth-client';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';

// Decision 0059: the Releases tab's actions, as endpoints of their own (the step-up guard of the second factor
// goes on exactly these), recorded as the master admin who clicked.

let t: Awaited<ReturnType<typeof setupApp>>;
let master: Awaited<ReturnType<typeof signedIn>>['b'];
let canary: string;

beforeAll(async () => {
  t = await setupApp();
  await remoteStore(t).publish('quoting', await fakeRemoteBuild(t.root, 'live'));
  canary = (await remoteStore(t).publish('quoting', await fakeRemoteBuild(t.root, 'canary'), { canary: 10 })).version;
  ({ b: master } = await signedIn(t.app, t.db, 'master_admin', 'hine'));
});
afterAll(() => t.cleanup());

const latest = async () => (await t.db.select().from(releaseActions).orderBy(desc(releaseActions.id)).limit(1))[0]!;

describe('the Releases tab’s actions', () => {
  it('are for master admins only', async () => {
    const { b: admin } = await signedIn(t.app, t.db, 'admin', 'tama');
    expect((await admin.put('/api/admin/releases/quoting/canary-share', { percent: 20 })).status).toBe(403);
    expect((await admin.post('/api/admin/releases/quoting/promote')).status).toBe(403);
    expect((await admin.get('/api/admin/releases/quoting/history')).status).toBe(403);
  });

  it('change the share, recorded as the person who did it', async () => {
    const bad = await master.put('/api/admin/releases/quoting/canary-share', { percent: 100 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('percent');
    const res = await master.put('/api/admin/releases/quoting/canary-share', { percent: 25 });
    expect(res.json).toEqual({ remote: 'quoting', live: expect.any(String), canary: { version: canary, percent: 25 } });
    expect(await latest()).toMatchObject({
      action: 'share',
      actor: 'person',
      actorName: 'hine@example.nz',
      version: canary,
      details: { share: 25, from: 10 },
    });
  });

  it('abort only with a reason, and refuse what cannot be done in words', async () => {
    const none = await master.post('/api/admin/releases/quoting/abort', { reason: '  ' });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json)).toContain('Please say why the canary is aborted.');
    const res = await master.post('/api/admin/releases/quoting/abort', { reason: 'Totals wrong on phones' });
    expect(res.json.canary).toBeNull();
    expect(await latest()).toMatchObject({
      action: 'abort',
      actorName: 'hine@example.nz',
      details: { reason: 'Totals wrong on phones' },
    });
    const again = await master.post('/api/admin/releases/quoting/promote');
    expect(again).toMatchObject({ status: 409, json: { message: 'Quoting has no canary to promote.' } });
  });

  it('list the history newest first', async () => {
    const res = await master.get('/api/admin/releases/quoting/history?limit=2');
    const actions = res.json.actions as { action: string; actorName: string | null }[];
    expect(actions.map((a) => [a.action, a.actorName])).toEqual([
      ['abort', 'hine@example.nz'],
      ['share', 'hine@example.nz'],
    ]);
  });
});
