import type { LeadType } from '@agency/contracts';
import type { Compiled, GroupCommit } from '../../platform/db';
import type { Mailer, OutgoingEmail } from '../../platform/mail/mailer';
import type { LeadNotices } from './notices';
import type { ApiDeps } from '../../platform/http/deps';
import type { RateLimiter } from '../../platform/http/rate-limit';

/** The follow-up clock columns a new lead is stored with (decision 0065). */
export type Clock = { createdAt: Date; followUpBy: Date; remindAt: Date };

/**
 * Stores a lead (an enquiry, consultation request, audio sign-up or quote), the e-mails about it and its webhook
 * notice as one transaction: the lead's insert returns its new row (`RETURNING`), the e-mails and the notice are
 * written from that row right after it, and all commit together with the other leads of the same moment (one fsync
 * for all, see platform/db/group-commit.ts). The answer comes after the commit, so an acknowledged lead and its
 * notifications are both on disk; delivery starts afterwards, in the background, and a failing mail server or
 * webhook only leaves them queued. The lead's insert is given its follow-up clock, counted from now.
 */
export function leadCapture(group: GroupCommit, mailer: Mailer, notices: LeadNotices) {
  return async function captureLead<R extends { id: number }>(
    type: LeadType,
    insert: (clock: Clock) => Compiled<R>,
    emailsAbout: (lead: R) => [OutgoingEmail, ...OutgoingEmail[]],
    who: string,
  ): Promise<R> {
    const clock = notices.clock();
    const { rows, followed } = await group.commitWith([insert(clock)], ([[lead]]) => {
      const notice = notices.created(type, lead!.id, who, clock.followUpBy);
      return notice ? [mailer.queue(emailsAbout(lead!)), notice] : [mailer.queue(emailsAbout(lead!))];
    });
    mailer.dispatch(followed[0] as Parameters<Mailer['dispatch']>[0]);
    if (followed[1]) notices.webhook.dispatch((followed[1] as { id: number }[]).map((r) => r.id));
    return rows[0][0]!;
  };
}

export type CaptureLead = ReturnType<typeof leadCapture>;

/** Lead and quote capture also get `captureLead` and the database rate limiter (both group-committed). */
export interface CaptureDeps extends ApiDeps {
  captureLead: CaptureLead;
  limiter: RateLimiter;
  /** The group commit the leads are written through (a conversion and its deliveries are one unit of it). */
  group: GroupCommit;
}
