import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createDb, migrateDb, migrationsFolder, sessions } from '.';
import { MigrationError } from './migrate';
import { migrationsUpTo } from '../../../test/migrations-up-to';
import { holidayCalendar } from '../calendar/nz-holidays';
import { backfillFollowUp } from '../../areas/leads/follow-up-backfill';

/** The users table as these migrations' databases have it (before migration 0011 added account access columns). */
const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull(),
  email: text('email').notNull(),
  password: text('password').notNull(),
  role: text('role').notNull().default('client'),
});

let dir: string;
let database: ReturnType<typeof createDb>;

const indexNames = async () =>
  (await database.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'index'`)).map(
    (r) => r.name,
  );

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'migrate-test-'));
  database = createDb(`file:${path.join(dir, 'test.db')}`);
  await database.init();
  await migrateDb(database.db, await migrationsUpTo(dir, '0000_init'));
});
afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('case-insensitive identities (migration 0001)', () => {
  it('stops with a list of the accounts that collide, and changes nothing', async () => {
    await database.db.insert(users).values([
      { username: 'demo-admin', email: 'admin@example.nz', password: 'x', role: 'admin' },
      { username: 'Demo-Admin', email: 'other@example.nz', password: 'x' },
      { username: 'aroha', email: 'Aroha@Example.nz', password: 'x' },
      { username: 'ａｒｏｈａ2', email: 'aroha@example.nz', password: 'x' },
      { username: 'aroha2', email: 'third@example.nz', password: 'x' },
      { username: 'unique-one', email: 'unique@example.nz', password: 'x' },
    ]);

    const failure = await migrateDb(database.db, migrationsFolder).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    const message = (failure as Error).message;
    expect(message).toContain('username: "demo-admin" (user id 1), "Demo-Admin" (user id 2)');
    expect(message).toContain('username: "ａｒｏｈａ2" (user id 4), "aroha2" (user id 5)');
    expect(message).toContain('email: "Aroha@Example.nz" (user id 3), "aroha@example.nz" (user id 4)');
    expect(message).not.toContain('unique-one');
    expect(message).toMatch(/Nothing was changed/);

    // Every account is still there, and the migration is still pending.
    expect(await database.db.select({ id: users.id }).from(users)).toHaveLength(6);
    expect(await indexNames()).not.toContain('users_username_key');
    const applied = await database.db.all(sql`select * from __drizzle_migrations`);
    expect(applied).toHaveLength(1);
  });

  it('runs once the collisions are settled, and then refuses a case variant', async () => {
    await database.db.insert(users).values([
      { username: 'demo-admin', email: 'admin@example.nz', password: 'x', role: 'admin' },
      { username: 'Demo-Admin', email: 'other@example.nz', password: 'x' },
    ]);
    await expect(migrateDb(database.db, migrationsFolder)).rejects.toBeInstanceOf(MigrationError);
    await database.db.run(sql`update users set username = 'demo-admin-2' where id = 2`);
    await migrateDb(database.db, migrationsFolder);
    expect(await indexNames()).toEqual(expect.arrayContaining(['users_username_key', 'users_email_key']));
    await expect(
      database.db.insert(users).values({ username: 'DEMO-ADMIN', email: 'new@example.nz', password: 'x' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(users).values({ username: 'new', email: 'ADMIN@example.nz', password: 'x' }),
    ).rejects.toThrow();
    // A second start finds nothing to check or apply.
    await migrateDb(database.db, migrationsFolder);
  });

  it('finds a username through the index in any case', async () => {
    await migrateDb(database.db, migrationsFolder);
    const plan = await database.db.all<{ detail: string }>(
      sql`explain query plan select id from ${users} where lower(${users.username}) = ${'demo-admin'}`,
    );
    expect(plan.map((p) => p.detail).join(' ')).toContain('USING INDEX users_username_key');
  });

  it('ends sessions from before idle limits as if last used at the migration', async () => {
    const [client] = await database.db
      .insert(users)
      .values({ username: 'c', email: 'c@example.nz', password: 'x' })
      .returning();
    const [admin] = await database.db
      .insert(users)
      .values({ username: 'a', email: 'a@example.nz', password: 'x', role: 'admin' })
      .returning();
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const later = now + 29 * day;
    // Written as the old schema has them (no lastUsedAt yet).
    for (const [id, userId, createdAt] of [
      ['client-old', client!.id, now - day],
      ['admin-old', admin!.id, now - 2 * day],
      ['admin-new', admin!.id, now - 60_000],
    ] as const)
      await database.db.run(
        sql`insert into sessions (id, userId, expiresAt, createdAt) values (${id}, ${userId}, ${later}, ${createdAt})`,
      );
    await migrateDb(database.db, migrationsFolder);
    const rows = new Map(
      (await database.db.select().from(sessions)).map((s) => [s.id, s.expiresAt.getTime() - Date.now()]),
    );
    expect(rows.get('client-old')).toBeLessThanOrEqual(7 * day);
    expect(rows.get('client-old')).toBeGreaterThan(7 * day - 60_000);
    // 24 hours after it began: already over.
    expect(rows.get('admin-old')).toBeLessThan(0);
    expect(rows.get('admin-new')).toBeLessThanOrEqual(day / 2);
    expect(rows.get('admin-new')).toBeGreaterThan(day / 2 - 60_000);
  });
});

describe('reset links kept in one place (migration 0008)', () => {
  it("drops the users table's copy of the newest link and keeps the accounts and their outstanding links", async () => {
    database.close();
    await rm(dir, { recursive: true, force: true });
    dir = await mkdtemp(path.join(tmpdir(), 'migrate-test-'));
    database = createDb(`file:${path.join(dir, 'test.db')}`);
    await database.init();
    await migrateDb(database.db, await migrationsUpTo(dir, '0007_post_renders'));
    const columns = async () =>
      (await database.db.all<{ name: string }>(sql`pragma table_info(users)`)).map((c) => c.name);
    expect(await columns()).toContain('resetToken');
    const expires = Date.now() + 3_600_000;
    await database.db.run(
      sql`insert into users (username, email, password, role, resetToken, resetTokenExpiry)
          values ('aroha', 'aroha@example.nz', 'hash', 'client', 'a-token-hash', ${expires})`,
    );
    await database.db.run(
      sql`insert into password_reset_tokens (tokenHash, userId, expiresAt) values ('a-token-hash', 1, ${expires})`,
    );

    await migrateDb(database.db, migrationsFolder);
    expect(await columns()).not.toContain('resetToken');
    expect(await columns()).not.toContain('resetTokenExpiry');
    expect(await database.db.select().from(users)).toMatchObject([
      { id: 1, username: 'aroha', email: 'aroha@example.nz', password: 'hash', role: 'client' },
    ]);
    expect(await database.db.all(sql`select tokenHash, userId from password_reset_tokens`)).toEqual([
      { tokenHash: 'a-token-hash', userId: 1 },
    ]);
  });
});

describe('the follow-up clock recomputed (migration 0024, decision 0097)', () => {
  it('clears every old time, and the backfill gives each lead the new one', async () => {
    await migrateDb(database.db, await migrationsUpTo(dir, '0023_second_step_and_fresh_password'));
    // A Saturday enquiry (28 Nov 2026 10:00 NZDT) with the old clock's Wednesday 17:00, reminder already sent, and a
    // Friday one already followed up.
    const sat = Date.parse('2026-11-27T21:00:00Z');
    const fri = Date.parse('2026-11-27T02:30:00Z');
    await database.db.run(sql`insert into contact_inquiries
      (businessName, contactName, contactEmail, createdAt, followUpBy, remindAt, remindedAt)
      values ('Saturday Ltd', 'A', 'sat@example.nz', ${sat}, ${Date.parse('2026-12-02T04:00:00Z')}, ${Date.parse('2026-12-02T02:00:00Z')}, ${Date.parse('2026-12-02T02:00:00Z')})`);
    await database.db.run(sql`insert into contact_inquiries
      (businessName, contactName, contactEmail, status, createdAt, followUpBy, remindAt, followedUpAt)
      values ('Friday Ltd', 'B', 'fri@example.nz', 'contacted', ${fri}, ${Date.parse('2026-12-02T02:30:00Z')}, ${Date.parse('2026-12-02T00:30:00Z')}, ${fri + 3_600_000})`);
    await migrateDb(database.db, migrationsFolder);
    const cleared = await database.db.all<{ followUpBy: number | null }>(sql`select followUpBy from contact_inquiries`);
    expect(cleared.map((r) => r.followUpBy)).toEqual([null, null]);

    expect(await backfillFollowUp(database.db, holidayCalendar(), new Date('2026-11-28T00:00:00Z'))).toBe(2);
    const rows = await database.db.all<{ followUpBy: number; remindedAt: number | null; followedUpAt: number | null }>(
      sql`select followUpBy, remindedAt, followedUpAt from contact_inquiries order by id`,
    );
    // Monday 30 November 17:00 NZDT, and Monday 15:30 for Friday's: the old marks kept.
    expect(new Date(rows[0]!.followUpBy).toISOString()).toBe('2026-11-30T04:00:00.000Z');
    expect(rows[0]!.remindedAt).toBe(Date.parse('2026-12-02T02:00:00Z'));
    expect(new Date(rows[1]!.followUpBy).toISOString()).toBe('2026-11-30T02:30:00.000Z');
    expect(rows[1]!.followedUpAt).toBe(fri + 3_600_000);
  });
});
