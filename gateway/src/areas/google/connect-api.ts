import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CodeChallengeMethod } from 'google-auth-library';
import { endpoints } from '@agency/contracts';
import { googleConnections, googleOauthAttempts, users, type Db } from '../../platform/db';
import { clientScope, requireStaff } from '../../platform/http/guards/access';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';
import { audit } from '../../platform/audit/record';
import { readConnection, revokeAtGoogle, unsealed } from './connections';
import { failureMessage, googleFailure, TokenAnswerSchema } from './google-answers';
import { GOOGLE_SCOPES, oauthClient } from './oauth-client';
import { tokenSealer } from './sealing';

/** How long a round trip to Google's consent page may take. */
export const ATTEMPT_TTL_MS = 10 * 60_000;

export const NOT_CONFIGURED =
  'Google is not configured on this gateway (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_TOKEN_KEY): see docs/configuration.md.';

/** The state as stored: its SHA-256, so a database copy cannot finish anyone's round trip. */
export const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

export async function clientName(db: Db, clientId: number): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, clientId));
  return row?.username ?? `client ${clientId}`;
}

/** Starting a connection and finishing it when Google sends the staff member back (decision 0093). */
export function connectApi({ db, env, logger }: ApiDeps) {
  const google = env.google;
  return endpointRoutes()
    .on(endpoints.googleState, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      return c.json({ configured: Boolean(google), connection: await readConnection(db, google, clientId) });
    })

    .on(endpoints.googleConnect, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const { user } = requireStaff(c);
      if (!google) return c.json({ message: NOT_CONFIGURED }, 503);
      const now = Date.now();
      const state = randomBytes(32).toString('base64url');
      const client = oauthClient(google);
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      await db.insert(googleOauthAttempts).values({
        stateHash: stateHash(state),
        clientId,
        staffId: user.id,
        codeVerifier,
        expiresAt: new Date(now + ATTEMPT_TTL_MS),
      });
      const authorizeUrl = client.generateAuthUrl({
        access_type: 'offline',
        // Asked every time, so Google sends a refresh token even when this account granted the app before.
        prompt: 'consent',
        scope: [...GOOGLE_SCOPES],
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
      });
      return c.json({ authorizeUrl });
    })

    .on(endpoints.googleCallback, async (c) => {
      const { user } = requireStaff(c);
      const input = c.req.valid('json');
      if (!google) return c.json({ message: NOT_CONFIGURED }, 503);
      const hash = stateHash(input.state);
      const [attempt] = await db.select().from(googleOauthAttempts).where(eq(googleOauthAttempts.stateHash, hash));
      const again = 'Start again with "Connect Google" on the client\'s page.';
      if (!attempt) return c.json({ message: `state is unknown or was already used. ${again}` }, 400);
      // Only whoever started the round trip may finish it; it stays theirs to finish.
      if (attempt.staffId !== user.id)
        return c.json({ message: "state belongs to another staff member's Google sign-in." }, 403);
      // Used once: whoever deletes it finishes it.
      const [taken] = await db
        .delete(googleOauthAttempts)
        .where(and(eq(googleOauthAttempts.stateHash, hash), eq(googleOauthAttempts.staffId, user.id)))
        .returning();
      if (!taken) return c.json({ message: `state was already used. ${again}` }, 400);
      if (taken.expiresAt.getTime() <= Date.now())
        return c.json(
          { message: `state has expired: a Google sign-in must be finished within 10 minutes. ${again}` },
          400,
        );
      const { clientId } = taken;
      const name = await clientName(db, clientId);
      if (input.error)
        return c.json({
          clientId,
          connected: false,
          message:
            input.error === 'access_denied'
              ? `Google access was not granted for ${name}: nothing was connected.`
              : `Google did not connect ${name} (${input.error.slice(0, 100)}): nothing was connected.`,
        });
      if (!input.code) return c.json({ message: 'code is required when Google sent no error.' }, 400);

      const client = oauthClient(google);
      let answer;
      try {
        answer = TokenAnswerSchema.safeParse(
          (await client.getToken({ code: input.code, codeVerifier: taken.codeVerifier })).tokens,
        );
      } catch (error) {
        logger.warn('google: exchanging a code failed', { clientId, ...googleFailure(error) });
        return c.json({ message: `${failureMessage('the sign-in code', error)} ${again}` }, 502);
      }
      if (!answer.success) return c.json({ message: `Google's token answer could not be read. ${again}` }, 502);
      const { refresh_token: refreshToken, scope = '' } = answer.data;
      if (!refreshToken)
        return c.json(
          {
            message: `Google sent no refresh token, so the figures could not be fetched later. Remove the agency's app at myaccount.google.com/permissions for that Google account, then connect again.`,
          },
          502,
        );

      const [before] = await db
        .select({ sealed: googleConnections.refreshToken })
        .from(googleConnections)
        .where(eq(googleConnections.clientId, clientId));
      const fresh = {
        refreshToken: tokenSealer(google.tokenKey).seal(refreshToken),
        scopes: scope,
        connectedBy: user.id,
        connectedAt: new Date(),
        lastError: null,
        lastErrorAt: null,
        failures: 0,
        retryAt: null,
      };
      await db.batch([
        db
          .insert(googleConnections)
          .values({ clientId, ...fresh })
          .onConflictDoUpdate({ target: googleConnections.clientId, set: fresh }),
        audit(db, {
          area: 'accounts',
          action: 'connect-google',
          actor: { id: user.id, name: user.username },
          subject: { type: 'account', id: clientId },
          after: { scopes: scope.split(' ').filter(Boolean), replaced: Boolean(before) },
        }),
      ]);
      // Connecting again replaces the grant: the old one is revoked, so only one is ever live per client.
      const old = unsealed(google, before?.sealed ?? null);
      if (old && old !== refreshToken) await revokeAtGoogle(google, logger, old, clientId);
      const missing = GOOGLE_SCOPES.filter((s) => !scope.split(' ').includes(s)).map((s) => s.split('/').pop());
      return c.json({
        clientId,
        connected: true,
        message: missing.length
          ? `Google connected for ${name}, without ${missing.join(' and ')}: connect again and allow both to fetch every figure.`
          : `Google connected for ${name}.`,
      });
    }).app;
}
