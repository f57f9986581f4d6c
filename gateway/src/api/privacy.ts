import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import { hashToken } from '../auth/session-store';
import { dataAudit, privacyRequests, type Db } from '../db';
import { privacyConfirmation, privacyRequestNotice } from '../email/privacy-templates';
import { addressCounter } from '../http/limit';
import { tooMany } from '../http/too-many';
import { addWorkingDays } from '../calendar/business-hours';
import { auditRow, REQUESTER } from '../leads/data-audit';
import type { CaptureDeps } from './deps';
import { endpointRoutes } from './routes';

/** A confirmation link works this long. */
export const PRIVACY_LINK_MS = 24 * 3_600_000;
/** Working days the Privacy Act 2020 gives to answer (s 44). */
export const PRIVACY_WORKING_DAYS = 20;
/**
 * What one address can make the page cost (decision 0066): 5 requests an hour from a network, one confirmation
 * e-mail per address a day (more are answered the same and not sent), and at most 500 unconfirmed requests in all
 * (each lives 24 hours): past that the page asks people to write instead of storing more.
 */
export const PRIVACY_LIMITS = {
  perIp: { max: 5, windowMs: 3_600_000 },
  mailsPerAddress: { max: 1, windowMs: 24 * 3_600_000 },
  unconfirmed: 500,
} as const;

const SAME_ANSWER =
  'Thank you. We have sent a confirmation link to that address. Please open it within 24 hours to confirm your request.';

const unconfirmedCount = async (db: Db, now: Date) =>
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.status, 'unconfirmed'),
          gt(privacyRequests.createdAt, new Date(now.getTime() - PRIVACY_LINK_MS)),
        ),
      )
  )[0]?.n ?? 0;

/**
 * The public privacy request page's API (decision 0066). A request is stored unconfirmed and a link mailed to the
 * address; the answer is the same whether or not anything is held for it, and whether or not a mail was sent.
 */
export function privacyApi({ env, db, mailer, limiter, logger }: CaptureDeps) {
  const origin = env.publicConfig.publicOrigin;
  return endpointRoutes()
    .on(endpoints.requestPrivacy, async (c) => {
      const { email, kind, details } = c.req.valid('json');
      const perIp = await limiter.hit([addressCounter(c, 'privacy', env.trustedProxies), PRIVACY_LIMITS.perIp]);
      if (!perIp.allowed)
        return tooMany(
          c,
          perIp.retryAfterSeconds,
          `We have received several requests from your network. Please try again later, or write to ${env.publicConfig.supportEmail}.`,
        );
      const now = new Date();
      if ((await unconfirmedCount(db, now)) >= PRIVACY_LIMITS.unconfirmed)
        return tooMany(
          c,
          3600,
          `We cannot take more requests through this page just now. Please write to ${env.publicConfig.supportEmail} and we will handle it the same way.`,
        );
      const perAddress = await limiter.hit([`privacy:email:${email}`, PRIVACY_LIMITS.mailsPerAddress]);
      // Over the address's limit the answer is the same and nothing is stored or sent: the inbox is not flooded.
      if (!perAddress.allowed) return c.json({ message: SAME_ANSWER });
      const token = randomBytes(32).toString('base64url');
      await db.insert(privacyRequests).values({ email, kind, details, tokenHash: hashToken(token) });
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
      await db
        .insert(dataAudit)
        .values(auditRow(REQUESTER, 'confirm', `privacy request #${request.id}`, `Asked for ${request.kind}.`));
      await mailer
        .send([
          privacyRequestNotice(env.mail.notifyTo, request.id, request.kind, dueAt, `${origin}/dashboard?tab=privacy`),
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
