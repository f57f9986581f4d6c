import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDrafts } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import type { browser } from '../../../test/auth-client';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

// A stored draft is read by the schema it was saved with: one that does not parse (a hand edit, a script) is logged
// and treated as no draft, never the reason the editor's list fails or a save is refused.
let t: Awaited<ReturnType<typeof setupApp>>;
let admin: ReturnType<typeof browser>;
let adminId: number;
const logged: { msg: string }[] = [];
beforeAll(async () => {
  const logger = createLogger('warn', (line) => void logged.push(JSON.parse(line) as { msg: string }));
  t = await setupApp({}, { logger });
  ({ b: admin, id: adminId } = await signedIn(t.app, t.db, 'admin', 'unreadable-admin'));
});
afterAll(() => t.cleanup());

/** Writes a draft row as a script would: its values column holds `text` as it is. */
const storeRaw = (kind: string, itemId: number, text: string) =>
  t.db.run(sql`insert into ${contentDrafts} ("userId", "kind", "itemId", "values", "updatedAt", "version")
    values (${adminId}, ${kind}, ${itemId}, ${text}, ${Date.now()}, 7)`);

describe('an unreadable stored draft', () => {
  it('is left out of the list with a warning, and the readable drafts are still listed', async () => {
    expect(
      (await admin.put('/api/admin/content-drafts/case-studies/0', { baseVersion: 0, values: { title: 'Ok' } })).status,
    ).toBe(200);
    await storeRaw('blog-posts', 0, 'not JSON {');
    await storeRaw('service-packages', 0, JSON.stringify({ name: { nested: 'no such value' } }));
    const list = await admin.get('/api/admin/content-drafts');
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([expect.objectContaining({ kind: 'case-studies', values: { title: 'Ok' } })]);
    expect(logged.filter((l) => l.msg === 'content draft unreadable: treated as none')).toHaveLength(2);
  });

  it('is replaced by the next save of its form, from any version', async () => {
    const saved = await admin.put('/api/admin/content-drafts/blog-posts/0', {
      baseVersion: 0,
      values: { body: 'New.' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ version: 8, values: { body: 'New.' } });
    const again = await admin.put('/api/admin/content-drafts/service-packages/0', { baseVersion: 3, values: {} });
    expect(again.status).toBe(200);
    expect((await admin.get('/api/admin/content-drafts')).json.items).toHaveLength(3);
  });
});
