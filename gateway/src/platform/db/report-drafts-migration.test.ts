import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateDb, migrationsFolder, monthlyReports } from '.';
import { migrationsUpTo } from '../../../test/migrations-up-to';

// Migration 0031 (decision 0094): reports gain a status; every report stored before it stays shown to its client.

let dir: string;
let database: ReturnType<typeof createDb>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'report-drafts-migration-'));
  database = createDb(`file:${path.join(dir, 'test.db')}`);
  await database.init();
  await migrateDb(database.db, await migrationsUpTo(dir, '0030_report_share_links'));
});
afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('report drafts (migration 0031)', () => {
  it('publishes the reports stored before it, and makes a report written without a status a draft', async () => {
    const db = database.db;
    await db.run(
      sql`insert into users (id, username, email, password, role) values (2, 'tama', 'tama@example.nz', 'x', 'client')`,
    );
    await db.run(sql`insert into monthly_reports (clientId, reportDate, websiteTraffic) values (2, '2026-09-01', 900)`);
    await migrateDb(db, migrationsFolder);
    await db.run(sql`insert into monthly_reports (clientId, reportDate) values (2, '2026-10-01')`);
    const rows = await db.select().from(monthlyReports).orderBy(monthlyReports.reportDate);
    expect(rows).toMatchObject([
      { reportDate: '2026-09-01', status: 'published', websiteTraffic: 900, fetched: null },
      { reportDate: '2026-10-01', status: 'draft', publishedAt: null },
    ]);
    expect(rows[0]!.publishedAt).toBeInstanceOf(Date);
  });
});
