import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { z } from 'zod';
import { BUSINESS } from '@agency/contracts';
import { passkeys, webauthnChallenges, type Db } from '../../platform/db';
import { createLogger, type Logger } from '../../platform/logger';

/** A ceremony's challenge stays usable this long. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** The most passkeys one account keeps; each is a row any signed-in account could otherwise add without end. */
export const MAX_PASSKEYS = 20;

type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/** How the browser may reach a passkey's authenticator, as stored with it: hints only (WebAuthn's transports). */
const TransportsSchema = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']));
type Transports = z.infer<typeof TransportsSchema>;

/**
 * Passkeys (WebAuthn, decision 0062) through @simplewebauthn/server. The relying party is the portal's origin (decision
 * 0077): its host name is the RP ID, so a passkey works only there. Challenges are rows, so a ceremony begun on one gateway
 * finishes on another; each is claimed (deleted) by the one statement that checks it, so it is used once.
 */
export function passkeyCeremonies(db: Db, portalOrigin: string, logger: Logger = createLogger('warn')) {
  const rpID = new URL(portalOrigin).hostname;

  /** A passkey's stored transports by their schema; ones that do not parse are logged and left out (no hints). */
  const transportsOf = (key: { id: string; transports: unknown }): Transports => {
    const parsed = TransportsSchema.safeParse(key.transports);
    if (parsed.success) return parsed.data;
    logger.warn('stored passkey transports unreadable: the passkey is offered without them', { passkey: key.id });
    return [];
  };

  async function storeChallenge(challenge: string, userId: number | null, purpose: Purpose) {
    const now = Date.now();
    await db.batch([
      // Expired ones go as new ones come: the table holds at most the last five minutes' ceremonies.
      db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(now))),
      db.insert(webauthnChallenges).values({ challenge, userId, purpose, expiresAt: new Date(now + CHALLENGE_TTL_MS) }),
    ]);
  }

  /** Claims a stored challenge for this account (null: a passwordless one) and purpose: true once. */
  const claim = (userId: number | null, purpose: Purpose) => async (challenge: string) => {
    const rows = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
          gt(webauthnChallenges.expiresAt, new Date()),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return rows.length > 0;
  };

  const keysOf = (userId: number) =>
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
  const descriptor = (k: typeof passkeys.$inferSelect) => ({
    id: k.id,
    transports: transportsOf(k),
  });

  return {
    keysOf,

    async registrationOptions(user: { id: number; username: string }) {
      const options = await generateRegistrationOptions({
        rpName: BUSINESS.name,
        rpID,
        userName: user.username,
        userID: new TextEncoder().encode(`user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: (await keysOf(user.id)).map(descriptor),
        // A passkey (discoverable, so it signs in without a name) that checks its owner (PIN, fingerprint).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(options.challenge, user.id, 'register');
      return options;
    },

    /**
     * The new passkey when the response answers one of this account's challenges; null otherwise. `alongside` runs in
     * the batch that stores it, after it (an audit row written only when the insert changed a row).
     */
    async register(
      userId: number,
      name: string,
      response: RegistrationResponseJSON,
      alongside: BatchItem<'sqlite'>[] = [],
    ) {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: claim(userId, 'register'),
        expectedOrigin: portalOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      if (!result?.verified) return null;
      const { credential } = result.registrationInfo;
      const [[row]] = await db.batch([
        db
          .insert(passkeys)
          .values({
            id: credential.id,
            userId,
            name,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
          })
          .onConflictDoNothing()
          .returning(),
        ...alongside,
      ]);
      return row ?? null;
    },

    /** Options of an assertion: by one account's passkeys (second factor, step-up) or by any (passwordless). */
    async authenticationOptions(userId: number | null) {
      const allowCredentials = userId === null ? undefined : (await keysOf(userId)).map(descriptor);
      const options = await generateAuthenticationOptions({ rpID, allowCredentials, userVerification: 'required' });
      await storeChallenge(options.challenge, userId, 'authenticate');
      return options;
    },

    /**
     * The account a passkey assertion proves, when it answers a challenge made for `userId` (null: passwordless)
     * with a passkey of that account (of any, passwordless), verified with its owner's check; null otherwise.
     */
    async authenticate(userId: number | null, response: AuthenticationResponseJSON): Promise<number | null> {
      const [key] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
      if (!key || (userId !== null && key.userId !== userId)) return null;
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: claim(userId, 'authenticate'),
        expectedOrigin: portalOrigin,
        expectedRPID: rpID,
        credential: {
          id: key.id,
          publicKey: Buffer.from(key.publicKey, 'base64url'),
          counter: key.counter,
          transports: transportsOf(key),
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!result?.verified) return null;
      await db
        .update(passkeys)
        .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
        .where(eq(passkeys.id, key.id));
      return key.userId;
    },
  };
}

export type PasskeyCeremonies = ReturnType<typeof passkeyCeremonies>;
