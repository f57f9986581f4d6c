import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { jsonText, timestamp } from './columns';
import { users } from './accounts';

/**
 * A client's Google data (decision 0093): one grant per client, made by a staff member through the agency's own OAuth
 * client, read-only. The refresh token is sealed with GOOGLE_TOKEN_KEY from configuration, never with a key kept in
 * the database, so a copy of the database alone reads no client's analytics. Erased with the client (cascade), after
 * the grant is revoked at Google.
 */
export const googleConnections = sqliteTable(
  'google_connections',
  {
    clientId: integer('clientId')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `v1.<iv>.<tag>.<sealed>` (AES-256-GCM, base64url parts); null once revoked or refused by Google. */
    refreshToken: text('refreshToken'),
    /** The scopes Google granted, space-separated, as its token answer gives them. */
    scopes: text('scopes').notNull().default(''),
    connectedBy: integer('connectedBy').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connectedAt').notNull(),
    /** `properties/123456789`, picked by staff from the grant's account summaries. */
    ga4Property: text('ga4Property'),
    ga4PropertyName: text('ga4PropertyName'),
    /** A Search Console site as Google names it: `sc-domain:example.co.nz` or `https://www.example.co.nz/`. */
    searchConsoleSite: text('searchConsoleSite'),
    /** The last fetch that stored figures, and the last day it completed. */
    lastFetchAt: timestamp('lastFetchAt'),
    lastFetchedDay: text('lastFetchedDay'),
    /** The first day of the backfill still to fetch (YYYY-MM-DD), null when the backfill is done. */
    backfillFrom: text('backfillFrom'),
    /** What went wrong last, in words staff can act on, and when; cleared by the next fetch that works. */
    lastError: text('lastError'),
    lastErrorAt: timestamp('lastErrorAt'),
    /** Failed fetches in a row, for the backoff; the next attempt waits until `retryAt`. */
    failures: integer('failures').notNull().default(0),
    retryAt: timestamp('retryAt'),
  },
  (t) => [index('google_connections_connected_by_idx').on(t.connectedBy)],
);

/**
 * A staff member's OAuth round trip in progress: the `state` Google hands back (stored as its SHA-256, so a database
 * copy cannot finish someone's round trip) with the PKCE verifier, for ten minutes.
 */
export const googleOauthAttempts = sqliteTable(
  'google_oauth_attempts',
  {
    stateHash: text('stateHash').primaryKey(),
    clientId: integer('clientId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staffId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('codeVerifier').notNull(),
    expiresAt: timestamp('expiresAt').notNull(),
  },
  (t) => [
    index('google_oauth_attempts_expires_idx').on(t.expiresAt),
    index('google_oauth_attempts_staff_idx').on(t.staffId),
    index('google_oauth_attempts_client_idx').on(t.clientId),
  ],
);

export interface RankedRow {
  /** The query or page. */
  key: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/**
 * One day of a client's figures as Google gave them (GA4 runReport and Search Console searchanalytics.query); a day
 * fetched again (Search Console's last days change until final) replaces its row. A source not connected, or whose
 * answer for the day was missing, leaves its columns null.
 */
export const googleDailyFigures = sqliteTable(
  'google_daily_figures',
  {
    clientId: integer('clientId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the property's own time zone, as Google reports the day. */
    day: text('day').notNull(),
    sessions: integer('sessions'),
    totalUsers: integer('totalUsers'),
    keyEvents: real('keyEvents'),
    /** Sessions whose default channel group is Organic Search / Paid Search (and other paid groups). */
    organicSessions: integer('organicSessions'),
    paidSessions: integer('paidSessions'),
    clicks: integer('clicks'),
    impressions: integer('impressions'),
    /** Search Console's click-through rate (0-1) and average position for the day. */
    ctr: real('ctr'),
    position: real('position'),
    topQueries: jsonText<RankedRow[]>('topQueries'),
    topPages: jsonText<RankedRow[]>('topPages'),
    /** Search Console marked the day's figures final (false: fresh data that may still change). */
    searchFinal: integer('searchFinal', { mode: 'boolean' }),
    fetchedAt: timestamp('fetchedAt')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);
