import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions, users, type Db } from '../db';

/** The most ids one statement asks for; a longer queue is read in several. */
const MAX_BATCH = 128;

const columns = {
  id: sessions.id,
  userId: sessions.userId,
  expiresAt: sessions.expiresAt,
  lastUsedAt: sessions.lastUsedAt,
  pending: sessions.pending,
  secondFactorAt: sessions.secondFactorAt,
  passwordAt: sessions.passwordAt,
  username: users.username,
  email: users.email,
  role: users.role,
  secondStepAt: users.secondStepAt,
};

/** A session's user, unless the account was disabled since (decision 0064): then the session counts as none. */
const signedInUser = and(eq(users.id, sessions.userId), isNull(users.disabledAt));

interface Waiting {
  hashedId: string;
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads the session and user of hashed session ids, checked against the database on every request.
 *
 * Most of a lookup's cost is the statement itself (binding, a read transaction, the row through the client), not
 * the indexed search: one id costs about as much as a dozen. So lookups asked for in one turn of the event loop
 * (the requests that arrived together) are answered by one statement, `id in json_each(?)`, run once that turn's
 * I/O has been handled (setImmediate). A lone request waits for nothing: its statement runs in the same turn.
 * Nothing is cached between turns (decision 0039).
 */
export function sessionLookup(db: Db) {
  const one = db
    .select(columns)
    .from(sessions)
    .innerJoin(users, signedInUser)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  const many = db
    .select(columns)
    .from(sessions)
    .innerJoin(users, signedInUser)
    .where(sql`${sessions.id} in (select value from json_each(${sql.placeholder('ids')}))`)
    .prepare();

  let queue: Waiting[] = [];

  async function read(batch: Waiting[]) {
    try {
      if (batch.length === 1) {
        batch[0]!.resolve(await one.get({ id: batch[0]!.hashedId }));
        return;
      }
      const rows = await many.all({ ids: JSON.stringify(batch.map((w) => w.hashedId)) });
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const waiting of batch) waiting.resolve(byId.get(waiting.hashedId));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }

  function flush() {
    const waiting = queue;
    queue = [];
    for (let i = 0; i < waiting.length; i += MAX_BATCH) void read(waiting.slice(i, i + MAX_BATCH));
  }

  return (hashedId: string) =>
    new Promise<SessionRow | undefined>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ hashedId, resolve, reject });
    });
}

export type SessionRow = {
  id: string;
  userId: number;
  expiresAt: Date;
  lastUsedAt: Date;
  pending: boolean;
  secondFactorAt: Date | null;
  passwordAt: Date | null;
  username: string;
  email: string;
  role: (typeof users.$inferSelect)['role'];
  secondStepAt: Date | null;
};
