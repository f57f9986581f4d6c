import type { Compiled, GroupCommit } from '../db';
import type { Mailer, OutgoingEmail } from '../email/mailer';

/**
 * Stores a lead (an enquiry, consultation request, audio sign-up or quote) and the e-mails about it as one
 * transaction: the lead's insert returns its new row (`RETURNING`), the e-mails are written from that row right
 * after it, and both commit together with the other leads of the same moment (one fsync for all, see
 * db/group-commit.ts). The answer comes after the commit, so an acknowledged lead and its notifications are both on
 * disk; delivery starts afterwards, in the background, and a failing mail server only leaves them queued.
 */
export function leadCapture(group: GroupCommit, mailer: Mailer) {
  return async function captureLead<R extends { id: number }>(
    insert: Compiled<R>,
    emailsAbout: (lead: R) => [OutgoingEmail, ...OutgoingEmail[]],
  ): Promise<R> {
    const { rows, followed } = await group.commitWith([insert], ([[lead]]) => [mailer.queue(emailsAbout(lead!))]);
    mailer.dispatch(followed[0] as Parameters<Mailer['dispatch']>[0]);
    return rows[0][0]!;
  };
}

export type CaptureLead = ReturnType<typeof leadCapture>;
