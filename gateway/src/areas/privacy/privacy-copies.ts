import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { html } from 'hono/html';
import { endpoints, formatNzDateTime, PRIVACY_COPY_LINK as PRIVACY_COPY } from '@agency/contracts';
import { requireStaff } from '../../platform/http/guards/access';
import { hashToken } from '../../platform/sessions/session-store';
import { privacyCopies, privacyRequests } from '../../platform/db';
import { privacyCopyMail } from './privacy-templates';
import { networkCounter, rateLimit } from '../../platform/http/limit';
import { plainPage } from '../../platform/http/plain-page';
import { audit, REQUESTER } from '../../platform/audit/record';
import { privacyStep } from '../../platform/audit/data-audit';
import { readableCopy } from './copy';
import { heldFor } from './held';
import type { CaptureDeps } from '../leads';
import { confirmedRequest, requestRow } from './privacy-rows';
import { endpointRoutes } from '../../platform/http/routes';

/** Downloads a network may start in an hour: each makes the copy afresh (a search of the outbox among the rest). */
const DOWNLOADS_PER_NETWORK = { max: 30, windowMs: 3_600_000 } as const;

const GONE =
  'This link to your copy has expired or has been used up. Ask for a new copy at the page below, or reply to our e-mail.';

/**
 * Answering a request for a copy (decision 0081): staff send, from the Privacy tab, a link to the person's readable
 * copy to the request's address, and the request is done; the person downloads it through the link, which works for
 * a week and ten downloads. The copy is made when downloaded, from what is held then; every step is audited.
 */
export function privacyCopiesApi({ db, env, mailer, limiter }: CaptureDeps) {
  const origin = env.publicConfig.publicOrigin;
  const requestPage = `${origin}/privacy-request`;
  // The copy is personal data: its link is answered on the portal's origin only (decision 0077).
  const copyOrigin = env.publicConfig.portalOrigin;

  /** The refusal a browser shows as a page (the link is opened from an e-mail), and a program reads as JSON. */
  const refuse = (accept: string | undefined, status: 410, message: string) =>
    accept?.includes('text/html')
      ? new Response(
          String(
            plainPage(
              'This link no longer works',
              html`<p>${message}</p>
                <p><a href="${requestPage}">${requestPage}</a></p>`,
            ),
          ),
          { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
        )
      : Response.json({ message }, { status });

  const downloads = rateLimit(
    limiter,
    [[(c) => networkCounter(c, 'privacy-copy', env.trustedProxies), DOWNLOADS_PER_NETWORK]],
    (wait) => `Too many downloads from your network. Please try again ${wait}.`,
  );
  return endpointRoutes()
    .on(endpoints.privacySendCopy, async (c) => {
      const { id } = c.req.valid('param');
      const { user } = requireStaff(c);
      const request = await confirmedRequest(db, id);
      if (request.kind !== 'access') return c.json({ message: 'Only a request for a copy is answered with one.' }, 409);
      if (request.email === 'erased') return c.json({ message: 'This address has been erased.' }, 409);
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + PRIVACY_COPY.days * 24 * 3_600_000);
      const link = `${copyOrigin}${endpoints.privacyCopy.path.replace(':token', token)}`;
      const actor = { id: user.id, name: user.username };
      const until = formatNzDateTime(expiresAt);
      const [, [done]] = await db.batch([
        db.insert(privacyCopies).values({ requestId: id, tokenHash: hashToken(token), expiresAt, sentBy: user.id }),
        db
          .update(privacyRequests)
          .set(
            request.status === 'open'
              ? {
                  status: 'done',
                  doneAt: now,
                  outcome: `We e-mailed you a link to a copy of everything we hold about you; it works until ${until}.`,
                }
              : {},
          )
          .where(eq(privacyRequests.id, id))
          .returning(),
        audit(db, privacyStep(actor, 'send copy', { type: 'privacy request', id }, `Link works until ${until}.`)),
      ]);
      // Queued once the link exists: the outbox keeps it until the mail server takes it.
      await mailer.send([
        privacyCopyMail(request.email, id, link, expiresAt, PRIVACY_COPY.downloads, {
          requestPage,
          supportEmail: env.publicConfig.supportEmail,
        }),
      ]);
      return c.json(await requestRow(db, done!));
    })

    .on(endpoints.privacyCopy, { afterInput: [downloads] }, async (c) => {
      const accept = c.req.header('accept');
      const now = new Date();
      // One statement checks the link and counts the download: two clicks cannot both take the last one.
      const [copy] = await db
        .update(privacyCopies)
        .set({ downloads: sql`${privacyCopies.downloads} + 1`, lastDownloadAt: now })
        .where(
          and(
            eq(privacyCopies.tokenHash, hashToken(c.req.valid('param').token)),
            gt(privacyCopies.expiresAt, now),
            lt(privacyCopies.downloads, PRIVACY_COPY.downloads),
          ),
        )
        .returning();
      if (!copy) return refuse(accept, 410, GONE);
      const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, copy.requestId));
      if (!request || request.email === 'erased')
        return refuse(
          accept,
          410,
          'Everything we held about this address has been erased, so there is no copy to give.',
        );
      const { zip } = await readableCopy(db, await heldFor(db, request.email), {
        requestId: request.id,
        origin,
        supportEmail: env.publicConfig.supportEmail,
        at: now,
      });
      await audit(
        db,
        privacyStep(
          REQUESTER,
          'download copy',
          { type: 'privacy request', id: request.id },
          `Download ${copy.downloads}.`,
        ),
      );
      return c.body(new Uint8Array(zip), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="privacy-request-${request.id}.zip"`,
        'Cache-Control': 'private, no-store',
      });
    }).app;
}
