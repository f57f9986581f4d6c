import { eq } from 'drizzle-orm';
import { passkeys, recoveryCodes, securityAudit, sessions, totpFactors, type Db } from '../db';

/**
 * Clears an account's second factors (app, recovery codes, passkeys) and ends its sessions, with an audit row, in one
 * batch: at the next sign-in after the password, a staff member sets up an app again (decision 0061). `actor` is the
 * master admin who did it, or null for the operator's command line.
 */
export async function resetSecondFactors(
  db: Db,
  subject: { id: number; email: string },
  actor: { id: number; email: string } | null,
) {
  await db.batch([
    db.delete(totpFactors).where(eq(totpFactors.userId, subject.id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, subject.id)),
    db.delete(passkeys).where(eq(passkeys.userId, subject.id)),
    db.delete(sessions).where(eq(sessions.userId, subject.id)),
    db.insert(securityAudit).values({
      actorId: actor?.id ?? null,
      actor: actor?.email ?? 'operator (command line)',
      subjectId: subject.id,
      subject: subject.email,
      action: 'reset-second-factor',
    }),
  ]);
}
