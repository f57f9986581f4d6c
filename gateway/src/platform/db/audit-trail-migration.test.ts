import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  auditLogView,
  contentAuditView,
  createDb,
  dataAuditView,
  migrateDb,
  migrationsFolder,
  securityAuditView,
} from '.';
import { migrationsUpTo } from '../../../test/migrations-up-to';

// Migration 0025 (decision 0103): the four audit stores' rows copied into audit_events in time order, the stores
// replaced by read-only views over it that answer an operator's old queries, and content's triggers writing the trail.

let dir: string;
let database: ReturnType<typeof createDb>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audit-migration-'));
  database = createDb(`file:${path.join(dir, 'test.db')}`);
  await database.init();
  await migrateDb(database.db, await migrationsUpTo(dir, '0024_recompute_follow_up'));
});
afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

const T = Date.UTC(2026, 9, 1);

describe('the audit stores moved into audit_events (migration 0025)', () => {
  it('copies every row in time order, keeps them readable through the old names, and refuses writes there', async () => {
    const db = database.db;
    await db.run(sql`insert into users (id, username, email, password, role) values
      (1, 'hine', 'hine@example.nz', 'x', 'master_admin'), (2, 'tama', 'tama@example.nz', 'x', 'client')`);
    await db.run(sql`insert into deploy_tokens (id, remote, label, tokenHash, createdBy, expiresAt)
      values (5, 'quoting', 'CI', 'h', 'hine@example.nz', ${T + 86_400_000})`);
    // A content write by its trigger, the old way (content_actor unset: 'system').
    await db.run(sql`insert into case_studies (title, slug) values ('Cafe growth', 'cafe-growth')`);
    await db.run(sql`update content_audit set at = ${T + 1}`);
    await db.run(sql`insert into content_audit (at, userId, userEmail, entity, entityId, action, before, after) values
      (${T + 4}, 1, 'hine@example.nz', 'account', 2, 'update', '{"username":"tama","role":"client"}', '{"username":"tama","role":"admin"}'),
      (${T + 6}, 1, 'hine@example.nz', 'enquiry', 12, 'update', '{"status":"new"}', '{"status":"contacted"}')`);
    await db.run(sql`insert into audit_log (createdAt, actor, action, subject, details) values
      (${T + 2}, 'hine@example.nz', 'deploy-token.create', 'deploy-token:quoting:CI', '{"remote":"quoting","label":"CI"}'),
      (${T + 7}, 'cli', 'deploy-token.revoke', 'deploy-token:quoting:CI', '{"id":5}')`);
    await db.run(sql`insert into security_audit (at, actorId, actor, subjectId, subject, action) values
      (${T + 3}, 1, 'hine@example.nz', 2, 'tama@example.nz', 'reset-second-factor')`);
    await db.run(sql`insert into data_audit (createdAt, userId, actor, action, subject, detail) values
      (${T + 5}, 1, 'hine', 'hold', 'enquiry #12', 'Tax audit'),
      (${T + 8}, null, 'the recipient', 'unsubscribe', 'marketing e-mail', 'By the link.')`);

    await migrateDb(db, migrationsFolder);

    const events = await db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(
      events.map((e) => [e.at.getTime() - T, e.area, e.action, e.actor, e.subjectType, e.subjectId, e.detail]),
    ).toEqual([
      [1, 'content', 'create', 'system', 'case_study', 1, ''],
      [2, 'releases', 'deploy-token.create', 'hine@example.nz', 'deploy token', 5, 'deploy-token:quoting:CI'],
      [3, 'accounts', 'reset-second-factor', 'hine@example.nz', 'account', 2, 'tama@example.nz'],
      [4, 'accounts', 'update', 'hine@example.nz', 'account', 2, ''],
      [5, 'privacy', 'hold', 'hine', 'enquiry', 12, 'Tax audit'],
      [6, 'leads', 'update', 'hine@example.nz', 'enquiry', 12, ''],
      [7, 'releases', 'deploy-token.revoke', 'cli', 'deploy token', 5, 'deploy-token:quoting:CI'],
      [8, 'privacy', 'unsubscribe', 'the recipient', 'marketing e-mail', null, 'By the link.'],
    ]);
    expect(events[3]).toMatchObject({ actorId: 1, after: { username: 'tama', role: 'admin' } });

    // The old names answer the old queries from the trail.
    const content = await db.select().from(contentAuditView).orderBy(asc(contentAuditView.id));
    expect(content.map((r) => [r.userEmail, r.entity, r.entityId, r.action])).toEqual([
      ['system', 'case_study', 1, 'create'],
      ['hine@example.nz', 'account', 2, 'update'],
      ['hine@example.nz', 'enquiry', 12, 'update'],
    ]);
    expect(content[1]!.before).toEqual({ username: 'tama', role: 'client' });
    const log = await db.select().from(auditLogView).orderBy(asc(auditLogView.id));
    expect(log.map((r) => [r.actor, r.action, r.subject, r.details])).toEqual([
      ['hine@example.nz', 'deploy-token.create', 'deploy-token:quoting:CI', { remote: 'quoting', label: 'CI' }],
      ['cli', 'deploy-token.revoke', 'deploy-token:quoting:CI', { id: 5 }],
    ]);
    expect(await db.select().from(securityAuditView)).toEqual([
      expect.objectContaining({ actorId: 1, actor: 'hine@example.nz', subjectId: 2, subject: 'tama@example.nz' }),
    ]);
    const data = await db.select().from(dataAuditView).orderBy(asc(dataAuditView.id));
    expect(data.map((r) => [r.userId, r.actor, r.action, r.subject, r.detail])).toEqual([
      [1, 'hine', 'hold', 'enquiry #12', 'Tax audit'],
      [null, 'the recipient', 'unsubscribe', 'marketing e-mail', 'By the link.'],
    ]);
    expect(data[0]!.at.getTime()).toBe(T + 5);

    // Read-only: a write to an old name fails, so nothing is written where no one reads.
    await expect(db.run(sql`insert into data_audit (actor, action, subject) values ('x', 'y', 'z')`)).rejects.toThrow();
    // Content's triggers write the trail now.
    await db.run(sql`update case_studies set title = 'Cafe growth, year two' where id = 1`);
    const [latest] = await db
      .select()
      .from(auditEvents)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(latest).toMatchObject({ area: 'content', action: 'update', subjectType: 'case_study', subjectId: 1 });
    expect(latest!.after).toMatchObject({ title: 'Cafe growth, year two' });
  });
});
