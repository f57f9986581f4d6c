import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDrafts } from '../../platform/db';
import type { browser } from '../../../test/auth-client';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

// Decision 0101: a draft save names the version it was based on, and one based on an older version than the
// stored draft is refused with a 409 carrying the newer draft, so a stale tab never overwrites newer work.
let t: Awaited<ReturnType<typeof setupApp>>;
let admin: ReturnType<typeof browser>;
let other: ReturnType<typeof browser>;
beforeAll(async () => {
  t = await setupApp({});
  admin = (await signedIn(t.app, t.db, 'admin', 'version-admin')).b;
  other = (await signedIn(t.app, t.db, 'admin', 'version-other')).b;
});
afterAll(() => t.cleanup());

const PATH = '/api/admin/content-drafts/blog-posts/0';
/** What the database holds for the new-post drafts (everyone's). */
const stored = () =>
  t.db
    .select({ values: contentDrafts.values, version: contentDrafts.version })
    .from(contentDrafts)
    .where(and(eq(contentDrafts.kind, 'blog-posts'), eq(contentDrafts.itemId, 0)));

describe('draft versions', () => {
  it('counts the saves of a draft, and refuses a save based on an older one, keeping the newer draft', async () => {
    const first = await admin.put(PATH, { baseVersion: 0, values: { body: 'One.' } });
    expect(first.status).toBe(200);
    expect(first.json.version).toBe(1);
    // Tab A and tab B both have version 1; B saves first.
    const fromB = await admin.put(PATH, { baseVersion: 1, values: { body: 'One. Two, from tab B.' } });
    expect(fromB.json).toMatchObject({ version: 2, values: { body: 'One. Two, from tab B.' } });
    const fromA = await admin.put(PATH, { baseVersion: 1, values: { body: 'One. Stale, from tab A.' } });
    expect(fromA.status).toBe(409);
    expect(fromA.json.message).toMatch(
      /^A newer draft of this form was saved at .+, in another tab or on another device/,
    );
    expect(fromA.json.draft).toMatchObject({ version: 2, values: { body: 'One. Two, from tab B.' } });
    expect(await stored()).toEqual([{ version: 2, values: { body: 'One. Two, from tab B.' } }]);
    // A save that claims no draft exists is refused too, while one does.
    expect((await admin.put(PATH, { baseVersion: 0, values: { body: 'Fresh.' } })).status).toBe(409);
    // Based on the newer version (the editor loaded it, or its person chose to keep theirs), it saves.
    const kept = await admin.put(PATH, { baseVersion: 2, values: { body: 'One. Stale, kept on purpose.' } });
    expect(kept.json.version).toBe(3);
    // The list of drafts says each one's version, for the editor to base its next save on.
    expect((await admin.get('/api/admin/content-drafts')).json.items).toEqual([
      expect.objectContaining({ itemId: 0, version: 3 }),
    ]);
    // Another person's draft of the same kind and item has versions of its own.
    expect((await other.put(PATH, { baseVersion: 0, values: { body: 'Mine.' } })).json.version).toBe(1);
  });

  it('makes a draft discarded meanwhile again, from any version, and names a missing version in words', async () => {
    expect((await admin.del(PATH)).status).toBe(200);
    const again = await admin.put(PATH, { baseVersion: 3, values: { body: 'After the discard.' } });
    expect(again.status).toBe(200);
    expect(again.json.version).toBe(4);
    const missing = await admin.put(PATH, { values: { body: 'No version.' } });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toHaveProperty('baseVersion');
    const negative = await admin.put(PATH, { baseVersion: -1, values: {} });
    expect(negative.status).toBe(400);
    expect((negative.json.errors as { baseVersion: string }).baseVersion).toMatch(/0 or more/);
  });
});
