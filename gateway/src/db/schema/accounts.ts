import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp } from './columns';

export const users = sqliteTable('users', {
  id: id(),
  username: text('username').notNull().unique(),
  /** Stored lower-cased, so uniqueness is case-insensitive. */
  email: text('email').notNull().unique(),
  /** argon2id hash, never the password. */
  password: text('password').notNull(),
  role: text('role', { enum: ['client', 'admin', 'master_admin'] })
    .notNull()
    .default('client'),
  /**
   * Spec columns. The reset flow keeps its tokens in `password_reset_tokens` (hash only, one row per request,
   * single use); these two mirror the newest request's hash and expiry for operators and stay nullable.
   */
  resetToken: text('resetToken'),
  resetTokenExpiry: timestamp('resetTokenExpiry'),
  createdAt: createdAt(),
});

/** Lucia sessions; `id` is the SHA-256 (hex) of the token in the cookie, so a leaked table grants nothing. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expiresAt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    tokenHash: text('tokenHash').primaryKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expiresAt').notNull(),
    usedAt: timestamp('usedAt'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
