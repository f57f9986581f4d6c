import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LEAD_EVENT_KINDS, LEAD_TYPES, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from '@agency/contracts';
import { users } from './accounts';
import { createdAt, id, timestamp } from './columns';

/**
 * A lead's timeline (decision 0065): notes, logged calls and e-mails, status changes and assignments, with who made
 * them. Erased with the lead.
 */
export const leadEvents = sqliteTable(
  'lead_events',
  {
    id: id(),
    leadType: text('leadType', { enum: LEAD_TYPES }).notNull(),
    leadId: integer('leadId').notNull(),
    kind: text('kind', { enum: LEAD_EVENT_KINDS }).notNull(),
    text: text('text').notNull().default(''),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name as it was, so the timeline still reads after the account goes. */
    userName: text('userName').notNull(),
    at: createdAt(),
  },
  // Every column that references an account is indexed: erasing an account then finds its rows, not every row.
  (t) => [index('lead_events_lead_idx').on(t.leadType, t.leadId, t.at), index('lead_events_user_idx').on(t.userId)],
);

/** Leads staff keep past the two-year retention, each with the reason (decision 0066). */
export const retentionHolds = sqliteTable(
  'retention_holds',
  {
    leadType: text('leadType', { enum: LEAD_TYPES }).notNull(),
    leadId: integer('leadId').notNull(),
    reason: text('reason').notNull(),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    at: createdAt(),
  },
  (t) => [
    uniqueIndex('retention_holds_lead_key').on(t.leadType, t.leadId),
    index('retention_holds_user_idx').on(t.userId),
  ],
);

/**
 * Closed client accounts staff keep past the seven years after closure, each with the reason (decision 0069). Goes
 * with the account if it is ever erased another way (a privacy request).
 */
export const clientHolds = sqliteTable(
  'client_holds',
  {
    clientId: integer('clientId')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    at: createdAt(),
  },
  (t) => [index('client_holds_user_idx').on(t.userId)],
);

/**
 * A person's request about what is held for an e-mail address (decision 0066). Unconfirmed until the link sent to
 * the address is followed (`tokenHash` is the SHA-256 of the link's token); then due 20 working days later.
 */
export const privacyRequests = sqliteTable(
  'privacy_requests',
  {
    id: id(),
    email: text('email').notNull(),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: PRIVACY_REQUEST_STATUSES }).notNull().default('unconfirmed'),
    tokenHash: text('tokenHash'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmedAt'),
    dueAt: timestamp('dueAt'),
    doneAt: timestamp('doneAt'),
    outcome: text('outcome'),
  },
  (t) => [
    index('privacy_requests_status_idx').on(t.status, t.dueAt),
    uniqueIndex('privacy_requests_token_key').on(t.tokenHash),
  ],
);

/**
 * Links to a person's copy of their data (decision 0081), e-mailed to answer a request for a copy: `tokenHash` is the
 * SHA-256 of the link's 256-bit token (never the token), and the link works until `expiresAt` for a few downloads.
 * The copy itself is never stored: each download makes it from what is held then.
 */
export const privacyCopies = sqliteTable(
  'privacy_copies',
  {
    id: id(),
    requestId: integer('requestId')
      .notNull()
      .references(() => privacyRequests.id, { onDelete: 'cascade' }),
    tokenHash: text('tokenHash').notNull(),
    expiresAt: timestamp('expiresAt').notNull(),
    /** The staff member who sent it. */
    sentBy: integer('sentBy').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    downloads: integer('downloads').notNull().default(0),
    lastDownloadAt: timestamp('lastDownloadAt'),
  },
  (t) => [
    uniqueIndex('privacy_copies_token_key').on(t.tokenHash),
    index('privacy_copies_request_idx').on(t.requestId),
    index('privacy_copies_sent_by_idx').on(t.sentBy),
  ],
);

/**
 * Leases for jobs that several gateways run on one database: a job runs where it holds the row's lease, so two
 * overlapping runs never erase or remind the same rows twice.
 */
export const jobLeases = sqliteTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until').notNull(),
});
