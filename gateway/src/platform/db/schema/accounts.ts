import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ROLES } from '@agency/contracts';
import { bool, createdAt, id, jsonText, timestamp } from './columns';

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
    /**
     * When a client chose to be asked for a passkey or code after the password too (decision 0083), which needs a
     * factor and saved recovery codes; null: the password alone signs in, and a passkey is another way in. Staff are
     * always asked, whatever this says.
     */
    secondStepAt: timestamp('secondStepAt'),
    /** When the account last completed a sign-in (or registered, which signs in); null: never, so the next is its first. */
    lastSignInAt: timestamp('lastSignInAt'),
    // The spec's resetToken and resetTokenExpiry columns are gone: reset links live in password_reset_tokens alone.
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // Closed accounts, oldest closure first: the retention run finds the clients due without reading every account.
    index('users_disabled_idx').on(t.disabledAt),
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
    /**
     * Set while a sign-in has checked the password but still owes the second factor (decision 0061): such a session
     * opens nothing but the second-factor endpoints, and ends after minutes.
     */
    pending: bool('pending').notNull().default(false),
    /** When this session last proved a second factor (sign-in or step-up); null: the password alone. */
    secondFactorAt: timestamp('secondFactorAt'),
    /**
     * When this session last proved the password (its sign-in, or a confirmation for a step-up); null: it was signed
     * in by a passkey alone. A step-up of an account that is not asked for a second factor may rest on it (decision 0083).
     */
    passwordAt: timestamp('passwordAt'),
    /** The browser's User-Agent (cut to 300 characters) and client address at sign-in, for the Security panel. */
    userAgent: text('userAgent').notNull().default(''),
    address: text('address').notNull().default(''),
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

/**
 * An account's authenticator app (TOTP, RFC 6238, decision 0061). `secret` is the 20-byte key sealed with AES-256-GCM
 * under the `totp-secrets` signing key (gateway/src/auth/totp.ts); `confirmedAt` is null until a first code proved the
 * app holds it. `lastStep` is the time step of the last code accepted: a code of that step or an earlier one is refused,
 * so no code works twice, on any gateway.
 */
export const totpFactors = sqliteTable('totp_factors', {
  userId: integer('userId')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmedAt'),
  lastStep: integer('lastStep').notNull().default(0),
  /**
   * The stored id (SHA-256) of the session that began an unconfirmed setup: the same session asking again (a reload)
   * is shown the same key, so the one it scanned still works; any other session gets a new one (decision 0083).
   */
  setupSession: text('setupSession'),
  createdAt: createdAt(),
});

/** Single-use recovery codes: the SHA-256 of each (they are 50 random bits each, shown once), used at most once. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    codeHash: text('codeHash').primaryKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('usedAt'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Passkeys (WebAuthn credentials, decision 0062): several per account, each named by its owner. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('publicKey').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonText<string[]>('transports').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('lastUsedAt'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, one row per ceremony begun, so any gateway can finish what another began; used once (the row
 * is deleted as it is checked) and void after five minutes.
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** The account the ceremony is for; null for a passwordless sign-in (anyone's passkey). */
    userId: integer('userId').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    expiresAt: timestamp('expiresAt').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt), index('webauthn_challenges_user_idx').on(t.userId)],
);
