import { eq } from 'drizzle-orm';
import { users, type Db } from '../db';
import type { Mailer, OutgoingEmail } from '../email/mailer';

/** E-mails a client about something staff added to their portal, at the address of their account. */
export async function tellClient(
  db: Db,
  mailer: Mailer,
  clientId: number,
  message: (to: string) => OutgoingEmail,
): Promise<void> {
  const [client] = await db.select({ email: users.email }).from(users).where(eq(users.id, clientId));
  if (client) await mailer.send([message(client.email)]);
}
