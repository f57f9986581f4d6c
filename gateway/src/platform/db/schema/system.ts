import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LEAD_TYPES, OUTBOX_CHANNELS, OUTBOX_STATUSES } from '@agency/contracts';
import { createdAt, id, jsonText, timestamp } from './columns';

/**
 * Every e-mail and every webhook notice, stored before any delivery attempt and delivered by one outbox
 * (gateway/src/outbox, decision 0087): a row is claimed by one gateway at a time (`claimedBy` until `claimedUntil`),
 * retried with exponential backoff while `pending`, and left `dead` for staff to see and retry once its tries are
 * spent. E-mail rows use `to`, `subject`, `text`, `html` and `headers`; webhook rows `leadType`, `leadId`, `event`
 * and `body` (the exact JSON that is signed and sent).
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: id(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    to: text('to'),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    /** Extra headers as a JSON object: `List-Unsubscribe` and `List-Unsubscribe-Post` on marketing mail (decision 0082). */
    headers: jsonText<Record<string, string>>('headers'),
    /**
     * Files sent with an e-mail as a JSON array of {filename, contentType, contentBase64} (a report's PDF), read through
     * its schema; dropped once sent, and with the row by retention.
     */
    attachments: jsonText<unknown>('attachments'),
    leadType: text('leadType', { enum: LEAD_TYPES }),
    leadId: integer('leadId'),
    event: text('event', { enum: ['lead.created', 'lead.reminder'] }),
    body: text('body'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('nextAttemptAt')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    claimedBy: text('claimedBy'),
    claimedUntil: timestamp('claimedUntil'),
    lastError: text('lastError'),
    createdAt: createdAt(),
    sentAt: timestamp('sentAt'),
  },
  (t) => [
    // The delivery round's query: due pending rows in order (and dead ones for the staff view and /metrics).
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Retention deletes messages past two years in short batches; erase and closed clients find mail by address.
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_to_idx').on(sql`lower(${t.to})`),
    index('outbox_lead_idx').on(t.leadType, t.leadId),
  ],
);

/**
 * Addresses that left the marketing e-mail (decision 0082), each kept as a keyed hash of the address (HMAC-SHA256
 * under the `unsubscribe` signing key), never the address: the unsubscribe outlives an erasure of the person, and the
 * table names nobody. Every later non-transactional send looks the recipient up here first.
 */
export const emailSuppressions = sqliteTable('email_suppressions', {
  addressHash: text('addressHash').primaryKey(),
  /** How: `one-click` (the mail program's POST, RFC 8058) or `page` (the button on the link's page). */
  via: text('via', { enum: ['one-click', 'page'] }).notNull(),
  at: createdAt(),
});

/** Fixed-window counters kept in the database so limits hold across several gateway instances. */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('resetAt').notNull(),
  },
  // Housekeeping deletes finished windows in small batches found through this (decision 0067).
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Secret keys every gateway instance on this database shares, each made once (32 random bytes, base64url) by the
 * first instance that needs it and kept across restarts: `device-cookie` signs the sign-in device cookies
 * (decision 0051), `page-tokens` the page-load tokens of real-user measurements (decision 0046). Deleting a row makes a new key at the next start, and voids whatever the old one signed.
 */
export const signingKeys = sqliteTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
