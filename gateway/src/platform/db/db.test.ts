import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactInquiries, createDb, metrics, migrateDb, migrationsFolder, quotes, sessions, users } from '.';

let dir: string;
let database: ReturnType<typeof createDb>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'db-test-'));
  database = createDb(`file:${path.join(dir, 'nested', 'test.db')}`);
  await database.init();
  await migrateDb(database.db, migrationsFolder);
});
afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('database', () => {
  it('migrates an empty file, and a second run changes nothing', async () => {
    await migrateDb(database.db, migrationsFolder);
    const tables = await database.client.execute("select name from sqlite_master where type = 'table' order by name");
    expect(tables.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'users',
        'metrics',
        'files',
        'monthly_reports',
        'service_packages',
        'case_studies',
        'quotes',
        'contact_inquiries',
        'consultation_requests',
        'opt_in_leads',
        'conversion_events',
        'outbox',
        'sessions',
        'password_reset_tokens',
        'rate_limits',
      ]),
    );
  });

  it('runs in WAL mode', async () => {
    const mode = await database.client.execute('PRAGMA journal_mode');
    expect(mode.rows[0]?.journal_mode).toBe('wal');
  });

  it('applies the spec defaults', async () => {
    const [inquiry] = await database.db
      .insert(contactInquiries)
      .values({
        businessName: 'Kiwi Plumbing',
        contactName: 'Aroha',
        contactEmail: 'a@example.nz',
        servicesInterested: ['seo'],
      })
      .returning();
    expect(inquiry).toMatchObject({ status: 'new', preferredContactMethod: 'email' });
    expect(inquiry?.createdAt).toBeInstanceOf(Date);
    const [quote] = await database.db
      .insert(quotes)
      .values({ source: 'custom', contactEmail: 'q@example.nz' })
      .returning();
    expect(quote).toMatchObject({ status: 'pending', services: [] });
  });

  it('keeps usernames and emails unique', async () => {
    await database.db.insert(users).values({ username: 'aroha', email: 'a@example.nz', password: 'x' });
    await expect(
      database.db.insert(users).values({ username: 'aroha', email: 'b@example.nz', password: 'x' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(users).values({ username: 'other', email: 'a@example.nz', password: 'x' }),
    ).rejects.toThrow();
  });

  it('removes a user’s sessions and data with the user', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ username: 'u', email: 'u@example.nz', password: 'x' })
      .returning();
    const userId = user!.id;
    await database.db.insert(sessions).values({ id: 'hash', userId, expiresAt: new Date(Date.now() + 1000) });
    await database.db.insert(metrics).values({ userId, date: '2026-01-01', seo: { clicks: 1 } });
    await database.db.delete(users).where(eq(users.id, userId));
    expect(await database.db.select().from(sessions)).toEqual([]);
    expect(await database.db.select().from(metrics)).toEqual([]);
  });

  it('lets two clients on one file write atomic batches concurrently without SQLITE_BUSY', async () => {
    const other = createDb(`file:${path.join(dir, 'nested', 'test.db')}`);
    try {
      const write = (db: typeof database.db, n: number) =>
        db.batch([
          db
            .insert(contactInquiries)
            .values({ businessName: `B${n}`, contactName: 'C', contactEmail: `c${n}@example.nz` }),
          db.insert(quotes).values({ source: 'custom', contactEmail: `c${n}@example.nz` }),
        ]);
      await Promise.all(Array.from({ length: 40 }, (_, n) => write(n % 2 ? database.db : other.db, n)));
      const [row] = await database.db.select({ n: sql<number>`count(*)` }).from(contactInquiries);
      expect(row?.n).toBe(40);
      const [quoteCount] = await database.db.select({ n: sql<number>`count(*)` }).from(quotes);
      expect(quoteCount?.n).toBe(40);
    } finally {
      other.close();
    }
  });
});
