import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

/**
 * An audit event whose stored before or after is not JSON (written by hand or by a script) is shown as its stored
 * text (decision 0111): the trail's page lists it with every other event, never a 500. Over a real libSQL file.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.cleanup();
});

describe('an audit event with a before that is not JSON', () => {
  it('is listed with its text, and the other events with theirs', async () => {
    const master = await signedIn(t.app, t.db, 'master_admin', 'trail-reader');
    await t.db.run(
      sql`insert into audit_events (area, action, actor, subjectType, subjectId, before, after)
          values ('content', 'update', 'script', 'blog_post', 7, 'title: Old', '{"title":"New"}')`,
    );
    const page = await master.b.get('/api/admin/audit-events?area=content');
    expect(page.status).toBe(200);
    expect(page.json.items).toContainEqual(
      expect.objectContaining({ actor: 'script', subjectId: 7, before: 'title: Old', after: { title: 'New' } }),
    );
  });
});
