import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactInquiries } from '../../platform/db';
import { snapshotDatabase } from './backup';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({});
});
afterAll(() => t.cleanup());

it('writes a consistent, checked copy of a live file database', async () => {
  await t.db.insert(contactInquiries).values({
    businessName: 'Backup Ltd',
    contactName: 'Rua',
    contactEmail: 'rua@example.nz',
    servicesInterested: ['seo'],
  });
  const target = path.join(t.root, 'backups', 'copy.db');
  const { file, bytes } = await snapshotDatabase(t.env, target);
  expect(bytes).toBeGreaterThan(0);
  const copy = createClient({ url: `file:${file}` });
  const rows = await copy.execute('SELECT businessName FROM contact_inquiries');
  expect(rows.rows.map((r) => r[0])).toEqual(['Backup Ltd']);
  copy.close();
  // Writes after the backup stay out of it, and a second backup to the same path replaces the first.
  await t.db.insert(contactInquiries).values({
    businessName: 'Later Ltd',
    contactName: 'Rua',
    contactEmail: 'rua@example.nz',
    servicesInterested: ['seo'],
  });
  await snapshotDatabase(t.env, target);
  const again = createClient({ url: `file:${file}` });
  expect((await again.execute('SELECT count(*) FROM contact_inquiries')).rows[0]?.[0]).toBe(2);
  again.close();
});
