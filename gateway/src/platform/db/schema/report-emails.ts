import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { REPORT_SEND_KINDS } from '@agency/contracts';
import { users } from './accounts';
import { monthlyReports } from './client-data';
import { id, jsonText, timestamp } from './columns';
import { reportShareLinks } from './report-sharing';

/**
 * When a client's monthly report is e-mailed (New Zealand time), and to whom: the client's own address and up to ten
 * more. One row per client; none means no scheduled e-mail.
 */
export const reportSchedules = sqliteTable(
  'report_schedules',
  {
    clientId: integer('clientId')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
    /** 1-28, so every month has the day. */
    dayOfMonth: integer('dayOfMonth').notNull(),
    /** 'HH:MM' on New Zealand's clock. */
    time: text('time').notNull(),
    sendToClient: integer('sendToClient', { mode: 'boolean' }).notNull().default(true),
    /** A JSON array of addresses, read through its schema (decision 0111). */
    extraRecipients: jsonText<string[]>('extraRecipients').notNull(),
    updatedBy: integer('updatedBy').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updatedAt'),
  },
  (t) => [index('report_schedules_updated_by_idx').on(t.updatedBy)],
);

/** Each e-mail of a report: to whom, why, its outbox message and its own share link (who opened it). */
export const reportSends = sqliteTable(
  'report_sends',
  {
    id: id(),
    reportId: integer('reportId')
      .notNull()
      .references(() => monthlyReports.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    kind: text('kind', { enum: REPORT_SEND_KINDS }).notNull(),
    queuedAt: timestamp('queuedAt').notNull(),
    // No foreign key: the outbox's retention deletes old messages, the history stays.
    outboxId: integer('outboxId'),
    shareLinkId: integer('shareLinkId').references(() => reportShareLinks.id, { onDelete: 'set null' }),
    /** The PDF went with it; false: the link only. */
    attached: integer('attached', { mode: 'boolean' }).notNull(),
  },
  (t) => [
    index('report_sends_report_idx').on(t.reportId),
    index('report_sends_share_link_idx').on(t.shareLinkId),
    index('report_sends_to_idx').on(sql`lower(${t.to})`),
    // The schedule sends a report once per recipient, however many runs or gateways try (and a crash mid-way).
    uniqueIndex('report_sends_scheduled_once')
      .on(t.reportId, t.to)
      .where(sql`${t.kind} = 'scheduled'`),
  ],
);
