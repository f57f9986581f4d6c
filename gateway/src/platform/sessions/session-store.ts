import { hash } from 'node:crypto';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { sessions, type Db } from '../db';
import { sessionLookup } from './session-lookup';

/**
 * Sessions one account keeps at once; a new sign-in past it ends the least recently used. Without a bound, a script
 * with any account (registration is public) could sign in again and again and grow the table without end.
 */
export const MAX_SESSIONS_PER_USER = 30;

/** Sessions are stored under the SHA-256 of the cookie's id, so a copy of the table opens no session. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** What a new session records besides its times (decision 0061, 0062). */
export interface SessionDetails {
  pending: boolean;
  secondFactorAt: Date | null;
  /** Null for a session signed in by a passkey alone. */
  passwordAt: Date | null;
  userAgent: string;
  address: string;
}

/**
 * The session table's statements. Every method takes the raw id from the cookie and hashes it before it touches
 * the database.
 */
export function sessionStore(db: Db) {
  // Every signed-in API request runs this lookup.
  const lookup = sessionLookup(db);
  // The session's new end is computed where its start is, so the lookup above need not read `createdAt`.
  const touch = db
    .update(sessions)
    .set({
      lastUsedAt: sql`${sql.placeholder('now')}`,
      expiresAt: sql`min(${sql.placeholder('now')} + ${sql.placeholder('idleMs')}, ${sessions.createdAt} + ${sql.placeholder('absoluteMs')})`,
    })
    .where(eq(sessions.id, sql.placeholder('id')))
    .returning({ expiresAt: sessions.expiresAt })
    .prepare();
  return {
    find: (token: string) => lookup(hashToken(token)),
    async create(token: string, userId: number, now: Date, expiresAt: Date, details: SessionDetails) {
      const id = hashToken(token);
      const newest = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
        .limit(MAX_SESSIONS_PER_USER);
      await db.batch([
        db.insert(sessions).values({ id, userId, createdAt: now, lastUsedAt: now, expiresAt, ...details }),
        db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, newest))),
      ]);
    },
    /**
     * Records a use at `now` (ms since the epoch) and returns the session's new end: `idleMs` from now, but never past
     * `absoluteMs` from its start. Undefined when the session was deleted meanwhile.
     */
    async touch(
      token: string,
      now: number,
      limits: { idleMs: number; absoluteMs: number },
    ): Promise<number | undefined> {
      const row = await touch.get({ id: hashToken(token), now, idleMs: limits.idleMs, absoluteMs: limits.absoluteMs });
      return row?.expiresAt.getTime();
    },
    /** Records a second factor proved now in a signed-in session (a step-up). */
    async proveSecondFactor(token: string, at: Date) {
      await db
        .update(sessions)
        .set({ secondFactorAt: at })
        .where(eq(sessions.id, hashToken(token)));
    },
    /** Records the password proved again in a signed-in session (a step-up of an account without a second step). */
    async provePassword(token: string, at: Date) {
      await db
        .update(sessions)
        .set({ passwordAt: at })
        .where(eq(sessions.id, hashToken(token)));
    },
    async delete(token: string) {
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;

/** Ends every session of a user except the one still in use (password change). */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepSessionId))));
}
