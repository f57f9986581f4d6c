import { eq } from 'drizzle-orm';
import { actorOf, audit, COMMAND_LINE } from '../../platform/audit/record';
import { passkeys, recoveryCodes, sessions, totpFactors, users, type Db } from '../../platform/db';

/**
 * Clears an account's second factors (app, recovery codes, passkeys) and its second step, and ends its sessions, with
 * its audit event, in one batch: at the next sign-in after the password, a staff member sets up an app again (decision
 * 0061) and a client signs in with the password alone (decision 0083). `actor` is the master admin who did it, or
 * null for the operator's command line. The event keeps the account's address as it was (its `detail`), masked when
 * the account is erased.
 */
export async function resetSecondFactors(
  db: Db,
  subject: { id: number; email: string; username: string },
  actor: { id: number; email: string } | null,
) {
  await db.batch([
    db.delete(totpFactors).where(eq(totpFactors.userId, subject.id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, subject.id)),
    db.delete(passkeys).where(eq(passkeys.userId, subject.id)),
    db.update(users).set({ secondStepAt: null }).where(eq(users.id, subject.id)),
    db.delete(sessions).where(eq(sessions.userId, subject.id)),
    audit(db, {
      area: 'accounts',
      action: 'reset-second-factor',
      actor: actor ? actorOf(actor) : COMMAND_LINE,
      subject: { type: 'account', id: subject.id },
      before: { username: subject.username, secondFactors: 'as they were' },
      after: { username: subject.username, secondFactors: 'reset: app, recovery codes and passkeys removed' },
      detail: subject.email,
    }),
  ]);
}
