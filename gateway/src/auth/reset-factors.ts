import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { passkeys, recoveryCodes, securityAudit, sessions, totpFactors, users, type Db } from '../db';

/**
 * Clears an account's second factors (app, recovery codes, passkeys) and its second step, and ends its sessions, with
 * an audit row, in one batch: at the next sign-in after the password, a staff member sets up an app again (decision
 * 0061) and a client signs in with the password alone (decision 0083). `actor` is the master admin who did it, or
 * null for the operator's command line; `alongside` runs in the same batch (the dashboard's audit log row).
 */
export async function resetSecondFactors(
  db: Db,
  subject: { id: number; email: string },
  actor: { id: number; email: string } | null,
  alongside: BatchItem<'sqlite'>[] = [],
) {
  await db.batch([
    db.delete(totpFactors).where(eq(totpFactors.userId, subject.id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, subject.id)),
    db.delete(passkeys).where(eq(passkeys.userId, subject.id)),
    db.update(users).set({ secondStepAt: null }).where(eq(users.id, subject.id)),
    db.delete(sessions).where(eq(sessions.userId, subject.id)),
    db.insert(securityAudit).values({
      actorId: actor?.id ?? null,
      actor: actor?.email ?? 'operator (command line)',
      subjectId: subject.id,
      subject: subject.email,
      action: 'reset-second-factor',
    }),
    ...alongside,
  ]);
}
