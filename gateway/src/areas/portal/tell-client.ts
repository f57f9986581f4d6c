import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { users, type Db } from '../../platform/db';
import type { Mailer, OutgoingEmail } from '../../platform/mail/mailer';

/**
 * Runs `write` and, in the same transaction, queues the e-mail telling the client about it, at their account's
 * address (decision 0087): the client is told of exactly what was stored, and nothing is stored untold. Answers what
 * `write` returned.
 */
export async function writeAndTellClient<T extends BatchItem<'sqlite'>>(
  db: Db,
  mailer: Mailer,
  clientId: number,
  write: T,
  message: (to: string) => OutgoingEmail,
): Promise<Awaited<T>> {
  const [client] = await db.select({ email: users.email }).from(users).where(eq(users.id, clientId));
  if (!client) return (await db.batch([write]))[0] as Awaited<T>;
  const [written, queued] = await db.batch([write, mailer.insert([message(client.email)])]);
  mailer.dispatch(queued);
  return written as Awaited<T>;
}
