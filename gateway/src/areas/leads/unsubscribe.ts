import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { identityKey } from '@agency/contracts';
import { sharedSecret } from '../../platform/db/shared-secret';
import { outbox, emailSuppressions, leadEvents, type Db } from '../../platform/db';
import { leadsOf } from './erase';
import { audit } from '../../platform/audit/record';
import { privacyStep } from '../../platform/audit/data-audit';
import type { OutgoingEmail } from '../../platform/mail/mailer';

/** The page (GET: asks; POST: unsubscribes, RFC 8058 one-click) every marketing e-mail links to. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export type UnsubscribeVia = (typeof emailSuppressions.$inferInsert)['via'];

const VIA_TEXT: Record<UnsubscribeVia, string> = {
  'one-click': 'Unsubscribed from marketing e-mail with one click in their mail program.',
  page: 'Unsubscribed from marketing e-mail on the page the e-mail links to.',
};

/** How the timeline and the audit name who did it: the address's owner, through the link only they were sent. */
const RECIPIENT = { id: null, name: 'the recipient' } as const;

/** Bytes of the link's MAC (128 bits): the link is the only proof of the address, and it is never stored. */
const MAC_BYTES = 16;

/** A keyed MAC of an address (by its identity key) for one purpose, under the `unsubscribe` signing key. */
function macOf(db: Db) {
  const key = sharedSecret(db, 'unsubscribe');
  return async (purpose: string, address: string) =>
    createHmac('sha256', await key())
      .update(`${purpose}:${identityKey(address)}`)
      .digest();
}

/** The key an address's suppression is kept under (`email_suppressions.addressHash`): never the address itself. */
export function suppressionHash(db: Db) {
  const mac = macOf(db);
  return async (address: string) => (await mac('suppressed', address)).toString('hex');
}

/**
 * Leaving the marketing e-mail (decision 0082). A link names its address and carries a MAC of it under the
 * `unsubscribe` signing key every gateway shares, so nothing is stored until someone follows it; the suppression is
 * then kept as another keyed hash of the address (emailSuppressions). Every non-transactional send goes through
 * `marketing`, which leaves out an address that left and gives the others the link and the RFC 8058 headers.
 */
export function unsubscribes(db: Db, origin: string) {
  const mac = macOf(db);
  const hashOf = suppressionHash(db);

  async function url(address: string): Promise<string> {
    const named = Buffer.from(identityKey(address)).toString('base64url');
    const sig = (await mac('link', address)).subarray(0, MAC_BYTES).toString('base64url');
    return `${origin}${UNSUBSCRIBE_PATH}?token=${named}.${sig}`;
  }

  /** The address a link was made for, or null for a link this site did not make (or one altered). */
  async function addressOf(token: string | undefined): Promise<string | null> {
    const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/.exec(token ?? '');
    if (!match) return null;
    const address = Buffer.from(match[1]!, 'base64url').toString('utf8');
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = (await mac('link', address)).subarray(0, MAC_BYTES);
    return given.length === expected.length && timingSafeEqual(given, expected) ? identityKey(address) : null;
  }

  /** Which of `addresses` left (by identity key). */
  async function leftAmong(addresses: string[]): Promise<Set<string>> {
    if (!addresses.length) return new Set();
    const hashes = new Map(await Promise.all(addresses.map(async (a) => [await hashOf(a), identityKey(a)] as const)));
    const rows = await db
      .select({ hash: emailSuppressions.addressHash })
      .from(emailSuppressions)
      .where(inArray(emailSuppressions.addressHash, [...hashes.keys()]));
    return new Set(rows.map((r) => hashes.get(r.hash)!));
  }

  const hasLeft = async (address: string) => (await leftAmong([address])).size > 0;

  return {
    url,
    addressOf,
    leftAmong,
    hasLeft,

    /**
     * A marketing e-mail as it is sent: null when its recipient left, else with the unsubscribe line at its foot
     * and `List-Unsubscribe` / `List-Unsubscribe-Post` (one-click, RFC 8058) among its headers.
     */
    async marketing(mail: OutgoingEmail, why: string): Promise<OutgoingEmail | null> {
      if (await hasLeft(mail.to)) return null;
      const link = await url(mail.to);
      return {
        ...mail,
        text: `${mail.text}\n\n--\n${why}\nTo stop these e-mails, unsubscribe here (it takes effect at once): ${link}`,
        headers: {
          ...mail.headers,
          'List-Unsubscribe': `<${link}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    },

    /**
     * Records that the address left, at once: the suppression, a line on the timeline of each of its leads, an audit
     * row (without the address), and no marketing e-mail to it still waiting in the outbox goes out. Answers false
     * when it had already left (nothing is recorded twice).
     */
    async leave(address: string, via: UnsubscribeVia): Promise<boolean> {
      const email = identityKey(address);
      const [added] = await db
        .insert(emailSuppressions)
        .values({ addressHash: await hashOf(email), via })
        .onConflictDoNothing()
        .returning({ at: emailSuppressions.at });
      if (!added) return false;
      const leads = await leadsOf(db, email);
      const events = leads.flatMap(({ type, ids }) =>
        ids.map((leadId) => ({
          leadType: type,
          leadId,
          kind: 'unsubscribed' as const,
          text: VIA_TEXT[via],
          userName: RECIPIENT.name,
        })),
      );
      await db.batch([
        db
          .delete(outbox)
          .where(
            and(
              sql`lower(${outbox.to}) = ${email}`,
              ne(outbox.status, 'sent'),
              isNotNull(sql`json_extract(${outbox.headers}, '$."List-Unsubscribe"')`),
            ),
          ),
        audit(
          db,
          privacyStep(
            RECIPIENT,
            'unsubscribe',
            { type: 'marketing e-mail' },
            `${VIA_TEXT[via]} Noted on ${events.length} lead timeline(s).`,
          ),
        ),
        ...(events.length ? [db.insert(leadEvents).values(events)] : []),
      ]);
      return true;
    },
  };
}

export type Unsubscribes = ReturnType<typeof unsubscribes>;
