import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { contentActor, contentState, type Db } from '../../platform/db';

export interface Actor {
  id: number;
  email: string;
}

/**
 * One content write, atomically with its audit row and the content version: the actor is set, the statement runs
 * (the table's trigger records it and raises the version, migration 0003), then any statements that go with it (a
 * post's render), and the actor is cleared, all in one batch, so a later write by anything else is never put down
 * to this person. Returns the statement's result.
 */
export async function writeContent<T>(
  db: Db,
  actor: Actor,
  statement: BatchItem<'sqlite'> & PromiseLike<T>,
  ...after: BatchItem<'sqlite'>[]
): Promise<T> {
  const [, result] = await db.batch([
    db
      .insert(contentActor)
      .values({ id: 1, userId: actor.id, userEmail: actor.email })
      .onConflictDoUpdate({
        target: contentActor.id,
        set: { userId: actor.id, userEmail: actor.email },
      }),
    statement,
    ...after,
    db.delete(contentActor).where(eq(contentActor.id, 1)),
  ]);
  return result as T;
}

/**
 * What every page showing content depends on, as one short string: the content version (raised by every write)
 * and the moment the latest scheduled post went live, so a post whose time has come shows without any write.
 * Requests in one event-loop turn share one read; nothing is kept longer, so every gateway sees a change on its
 * next request.
 */
export function contentVersionReader(db: Db) {
  let pending: Promise<string> | null = null;
  // Built once: on a busy page every request may start a turn of its own, and building the query was most of a read.
  const statement = db
    .select({
      version: contentState.version,
      live: sql<
        number | null
      >`(select max("publishedAt") from "blog_posts" where "status" = 'published' and "publishedAt" <= ${sql.placeholder('now')})`,
    })
    .from(contentState)
    .where(eq(contentState.id, 1))
    .prepare();
  const read = async () => {
    const [row] = await statement.all({ now: Date.now() });
    return `${row?.version ?? 0}.${row?.live ?? 0}`;
  };
  return (): Promise<string> => {
    if (!pending) {
      pending = read();
      const clear = () => (pending = null);
      setImmediate(clear);
    }
    return pending;
  };
}
