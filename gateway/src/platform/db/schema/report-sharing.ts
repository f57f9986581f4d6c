import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp } from './columns';
import { users } from './accounts';
import { monthlyReports } from './client-data';

/**
 * A link that shows one published report without signing in (decision 0113): staff choose its expiry and may revoke
 * it; a scheduled e-mail carries one per recipient, so the report's history says who opened it. The token is stored
 * as its SHA-256 only: a copy of the database opens no report.
 */
export const reportShareLinks = sqliteTable(
  'report_share_links',
  {
    id: id(),
    reportId: integer('reportId')
      .notNull()
      .references(() => monthlyReports.id, { onDelete: 'cascade' }),
    tokenHash: text('tokenHash').notNull().unique(),
    createdBy: integer('createdBy').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expiresAt').notNull(),
    revokedAt: timestamp('revokedAt'),
    /** The address an e-mailed link was sent to; null for a link staff made to hand on themselves. */
    recipient: text('recipient'),
    opens: integer('opens').notNull().default(0),
    firstOpenedAt: timestamp('firstOpenedAt'),
    lastOpenedAt: timestamp('lastOpenedAt'),
  },
  (t) => [
    index('report_share_links_report_idx').on(t.reportId),
    index('report_share_links_created_by_idx').on(t.createdBy),
  ],
);
