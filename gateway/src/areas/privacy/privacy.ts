import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import { hashToken } from '../../platform/sessions/session-store';
import { privacyRequests, type Db } from '../../platform/db';
import { privacyConfirmation, privacyRequestNotice } from './privacy-templates';
import { networkCounter, rateLimit, validBody } from '../../platform/http/limit';
import { addWorkingDays } from '../../platform/calendar/business-hours';
import { audit, REQUESTER } from '../../platform/audit/record';
import { privacyStep } from '../../platform/audit/data-audit';
import type { CaptureDeps } from '../leads';
import { endpointRoutes } from '../../platform/http/routes';

/** A confirmation link works this long. */
export const PRIVACY_LINK_MS = 24 * 3_600_000;
/** Working days the Privacy Act 2020 gives to answer (s 44). */
export const PRIVACY_WORKING_DAYS = 20;
const HOUR = 3_600_000;
/**
 * What the page lets anyone cost (decision 0081). Per network (an IPv4 /24 or IPv6 /48): 10 requests an hour, so
 * one neighbourhood of addresses cannot mail many strangers; past it, a 429 tells them to write instead. Per
 * recipient: 3 confirmation e-mails a day, whatever kind and whichever networks ask, so a flood from many networks
 * mails no stranger more than that; past it the answer is the same and nothing is stored or sent. There is no cap
 * for everyone together: a flood from many networks closes the page for nobody else. A request repeated while its
 * link still works replaces it (the earlier link stops working).
 */
export const PRIVACY_LIMITS = {
  perNetwork: { max: 10, windowMs: HOUR },
  perRecipient: { max: 3, windowMs: 24 * HOUR },
} as const;

const SAME_ANSWER =
  'Thank you. We have sent a confirmation link to that address. Please open it within 24 hours to confirm your request.';

/**
 * The public privacy request page's API (decision 0066). A request is stored unconfirmed and a link mailed to the
 * address; the answer is the same whether or not anything is held for it, and whether or not a mail was sent.
 */
export function privacyApi({ env, db, mailer, limiter, logger }: CaptureDeps) {
  const origin = env.publicConfig.publicOrigin;
  const requestBody = validBody(endpoints.requestPrivacy.body);
  const requestLimits = [
    rateLimit(
      limiter,
      [[(c) => networkCounter(c, 'privacy', env.trustedProxies), PRIVACY_LIMITS.perNetwork]],
      (wait) =>
        `We have received several requests from your network. Please try again ${wait}, or write to ${env.publicConfig.supportEmail}.`,
    ),
    // Past the recipient's limit the answer is the same and nothing is stored or sent: nobody's inbox is flooded.
    rateLimit(
      limiter,
      [[(c) => `privacy:to:${requestBody(c).email}`, PRIVACY_LIMITS.perRecipient]],
      () => SAME_ANSWER,
      (c) => c.json({ message: SAME_ANSWER }),
    ),
  ];
  return endpointRoutes()
    .on(endpoints.requestPrivacy, { afterInput: requestLimits }, async (c) => {
      const { email, kind, details } = c.req.valid('json');
      const token = randomBytes(32).toString('base64url');
      // The same request asked again while its link still works replaces it: one link per address and kind.
      await db.batch([
        db
          .delete(privacyRequests)
          .where(
            and(
              eq(privacyRequests.email, email),
              eq(privacyRequests.kind, kind),
              eq(privacyRequests.status, 'unconfirmed'),
            ),
          ),
        db.insert(privacyRequests).values({ email, kind, details, tokenHash: hashToken(token) }),
      ]);
      await mailer.send([privacyConfirmation(email, kind, `${origin}/privacy-request?token=${token}`)]);
      return c.json({ message: SAME_ANSWER });
    })

    .on(endpoints.confirmPrivacy, async (c) => {
      const { token } = c.req.valid('json');
      const now = new Date();
      const dueAt = addWorkingDays(now, PRIVACY_WORKING_DAYS, env.holidays);
      // One statement checks and uses the link: two clicks cannot both confirm.
      const [request] = await db
        .update(privacyRequests)
        .set({ status: 'open', confirmedAt: now, dueAt, tokenHash: null })
        .where(
          and(
            eq(privacyRequests.tokenHash, hashToken(token)),
            eq(privacyRequests.status, 'unconfirmed'),
            gt(privacyRequests.createdAt, new Date(now.getTime() - PRIVACY_LINK_MS)),
          ),
        )
        .returning();
      if (!request)
        return c.json(
          { message: 'This confirmation link has expired or was already used. Please make a new request.' },
          400,
        );
      await audit(
        db,
        privacyStep(REQUESTER, 'confirm', { type: 'privacy request', id: request.id }, `Asked for ${request.kind}.`),
      );
      await mailer
        .send([
          privacyRequestNotice(
            env.mail.notifyTo,
            request.id,
            request.kind,
            dueAt,
            `${env.publicConfig.portalOrigin}/dashboard?tab=privacy`,
          ),
        ])
        .catch((error: unknown) => logger.error('privacy notice failed', { error: String(error) }));
      const due = new Intl.DateTimeFormat('en-NZ', {
        timeZone: 'Pacific/Auckland',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(dueAt);
      return c.json({ message: `Thank you, your request is confirmed. We will answer by ${due}.` });
    }).app;
}

/** Confirmed requests for the staff queue: open ones soonest due first, then the latest done. */
export const privacyQueue = (db: Db) =>
  db
    .select()
    .from(privacyRequests)
    .where(sql`${privacyRequests.status} <> 'unconfirmed'`)
    .orderBy(sql`${privacyRequests.status} = 'done'`, asc(privacyRequests.dueAt))
    .limit(200);
