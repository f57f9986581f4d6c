import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp } from './columns';

/** Every e-mail is stored here before any delivery attempt; see gateway/src/email/mailer.ts. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers as a JSON object: `List-Unsubscribe` and `List-Unsubscribe-Post` on marketing mail (decision 0082). */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('lastError'),
    createdAt: createdAt(),
    sentAt: timestamp('sentAt'),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status),
    // Retention deletes messages past two years in short batches, and a closed client's by address (migration 0018).
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_to_idx').on(sql`lower(${t.to})`),
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
