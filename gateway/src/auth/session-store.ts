import { createHash } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import { sessions, users, type Db } from '../db';

/** Sessions are stored under the SHA-256 of the cookie's id, so a copy of the table opens no session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Lucia's adapter over our drizzle schema. Lucia hands every method the raw id from the cookie; this adapter
 * hashes it before it touches the database and hands the raw id back, which is all Lucia compares.
 */
export function drizzleSessionAdapter(db: Db): Adapter {
  // Every signed-in API request runs this lookup: build its SQL once rather than on each call.
  const sessionAndUser = db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      username: users.username,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  return {
    async getSessionAndUser(sessionId): Promise<[DatabaseSession | null, DatabaseUser | null]> {
      const row = await sessionAndUser.get({ id: hashToken(sessionId) });
      if (!row) return [null, null];
      return [
        { id: sessionId, userId: row.userId, expiresAt: row.expiresAt, attributes: {} },
        { id: row.userId, attributes: { username: row.username, email: row.email, role: row.role } },
      ];
    },
    async getUserSessions() {
      // Only hashes are stored, so raw ids cannot be listed; nothing in the product needs them.
      return [];
    },
    async setSession(session) {
      await db
        .insert(sessions)
        .values({ id: hashToken(session.id), userId: session.userId, expiresAt: session.expiresAt });
    },
    async updateSessionExpiration(sessionId, expiresAt) {
      await db
        .update(sessions)
        .set({ expiresAt })
        .where(eq(sessions.id, hashToken(sessionId)));
    },
    async deleteSession(sessionId) {
      await db.delete(sessions).where(eq(sessions.id, hashToken(sessionId)));
    },
    async deleteUserSessions(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteExpiredSessions() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

/** Ends every session of a user except the one still in use (password change). */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepSessionId))));
}
