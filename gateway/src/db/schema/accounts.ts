import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ROLES } from '@agency/contracts';
import { createdAt, id, timestamp } from './columns';

/**
 * Usernames and e-mail addresses are identities in any case (decision 0019): both are unique by `lower(...)`.
 * Stored values are NFKC and trimmed, and a username is ASCII, so SQLite's ASCII lower() equals the gateway's
 * identityKey for every stored row; sign-in looks up `lower(username) = identityKey(input)` through the index.
 */
export const users = sqliteTable(
  'users',
  {
    id: id(),
    /** As the user typed it (NFKC, trimmed): shown, never compared as is. */
    username: text('username').notNull(),
    /** Stored as its identity key (NFKC, trimmed, lower-cased). */
    email: text('email').notNull(),
    /** argon2id hash, never the password. */
    password: text('password').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('client'),
    /** Set when a master admin disabled the account (decision 0064): it cannot sign in and has no sessions. */
    disabledAt: timestamp('disabledAt'),
    /** Set while an invited account has not set its password yet (its stored hash matches no password). */
    invitedAt: timestamp('invitedAt'),
    // The spec's resetToken and resetTokenExpiry columns are gone: reset links live in password_reset_tokens alone.
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

/**
 * Sessions; `id` is the SHA-256 (hex) of the token in the cookie, so a leaked table grants nothing. `expiresAt` is
 * when the session ends unless used again: the earlier of `lastUsedAt` + the role's idle limit and `createdAt` + its
 * absolute limit (gateway/src/auth/session-policy.ts). `lastUsedAt` moves only every so often, not on every request.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expiresAt').notNull(),
    createdAt: createdAt(),
    /** 0 on sessions from before idle limits: their first use records it. */
    lastUsedAt: timestamp('lastUsedAt')
      .notNull()
      .default(sql`0`),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Password reset links, the one place they are kept (decision 0054): the SHA-256 of each link's token (never the
 * token), one row per request, used once; asking again, using one or changing the password voids them all.
 */
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
