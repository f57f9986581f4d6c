import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, sqliteView, text } from 'drizzle-orm/sqlite-core';
import { AUDIT_AREAS } from '@agency/contracts';
import { users } from './accounts';
import { id, jsonText, timestamp } from './columns';

/**
 * The audit trail (decision 0103): who did what to what, when, in every area, written by one function
 * (platform/audit/record.ts) in the same batch as the change it records, and for content by the content tables' triggers.
 * A row holds the subject's kind and id, never the data itself, except an account's name and address in an account
 * change's before/after (masked by erasure, areas/leads/erase.ts).
 */
export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: id(),
    at: timestamp('at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    area: text('area', { enum: AUDIT_AREAS }).notNull(),
    action: text('action').notNull(),
    /** Null for the system, the command line, the retention job or the person asking; set null with the account. */
    actorId: integer('actorId').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted, as shown: an address, a staff member's name, `system`, `retention job`, `the requester`. */
    actor: text('actor').notNull(),
    subjectType: text('subjectType').notNull(),
    subjectId: integer('subjectId'),
    before: jsonText<unknown>('before'),
    after: jsonText<unknown>('after'),
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    // The reader's area filter, newest first, one index read per page.
    index('audit_events_area_idx').on(t.area, t.id),
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_id_idx').on(t.actorId),
    // An erased account's events, by its id.
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
    // The reader's "who" filter and erasure of a former staff member's address.
    index('audit_events_actor_idx').on(sql`lower(${t.actor})`),
  ],
);

// The four stores audit_events replaced, as read-only views over it for one release (migration 0025, decision
// 0103), so an operator's saved queries keep working. Nothing in the gateway writes them; remove them the release
// after.

export const contentAuditView = sqliteView('content_audit', {
  id: integer('id').notNull(),
  at: timestamp('at').notNull(),
  userId: integer('userId'),
  userEmail: text('userEmail').notNull(),
  entity: text('entity').notNull(),
  entityId: integer('entityId'),
  action: text('action').notNull(),
  before: text('before', { mode: 'json' }).$type<unknown>(),
  after: text('after', { mode: 'json' }).$type<unknown>(),
}).existing();

export const auditLogView = sqliteView('audit_log', {
  id: integer('id').notNull(),
  at: timestamp('createdAt').notNull(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  subject: text('subject').notNull(),
  details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
}).existing();

export const securityAuditView = sqliteView('security_audit', {
  id: integer('id').notNull(),
  at: timestamp('at').notNull(),
  actorId: integer('actorId'),
  actor: text('actor').notNull(),
  subjectId: integer('subjectId'),
  subject: text('subject').notNull(),
  action: text('action').notNull(),
}).existing();

export const dataAuditView = sqliteView('data_audit', {
  id: integer('id').notNull(),
  at: timestamp('createdAt').notNull(),
  userId: integer('userId'),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  subject: text('subject').notNull(),
  detail: text('detail').notNull(),
}).existing();
