import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { GoogleConnection } from '@agency/contracts';
import { googleConnections, users, type Db } from '../../platform/db';
import type { GoogleConfig } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import { googleFailure } from './google-answers';
import { oauthClient } from './oauth-client';
import { tokenSealer } from './sealing';

export type ConnectionRow = typeof googleConnections.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A client's connection as staff see it: never the token, only whether a usable one is held. */
export async function readConnection(
  db: Db,
  google: GoogleConfig | undefined,
  clientId: number,
): Promise<GoogleConnection | null> {
  const [row] = await db
    .select({ c: googleConnections, by: users.username })
    .from(googleConnections)
    .leftJoin(users, eq(users.id, googleConnections.connectedBy))
    .where(eq(googleConnections.clientId, clientId));
  if (!row) return null;
  const { c, by } = row;
  return {
    connectedAt: c.connectedAt.toISOString(),
    connectedBy: by ?? null,
    scopes: c.scopes.split(' ').filter(Boolean),
    granted: Boolean(google && c.refreshToken && tokenSealer(google.tokenKey).unseal(c.refreshToken)),
    ga4Property: c.ga4Property ? { id: c.ga4Property, name: c.ga4PropertyName ?? c.ga4Property } : null,
    searchConsoleSite: c.searchConsoleSite,
    lastFetchAt: iso(c.lastFetchAt),
    lastFetchedDay: c.lastFetchedDay,
    backfillFrom: c.backfillFrom,
    lastError: c.lastError,
    lastErrorAt: iso(c.lastErrorAt),
    retryAt: iso(c.retryAt),
  };
}

/** The refresh token of a sealed column, or null (none held, or sealed with another key). */
export const unsealed = (google: GoogleConfig, sealed: string | null) =>
  sealed ? tokenSealer(google.tokenKey).unseal(sealed) : null;

/**
 * Revokes a refresh token at Google, best effort: a failure is logged (Google's status and error only, never the
 * token) and answered false, and the caller goes on (the row is removed anyway; staff can remove the app's access
 * in the Google account).
 */
export async function revokeAtGoogle(
  google: GoogleConfig,
  logger: Logger,
  token: string,
  clientId: number,
): Promise<boolean> {
  try {
    await oauthClient(google).revokeToken(token);
    return true;
  } catch (error) {
    logger.warn('google: revoking a grant failed; the connection is removed anyway', {
      clientId,
      ...googleFailure(error),
    });
    return false;
  }
}

/** Revokes the grants of clients about to be erased (best effort, each logged), before their rows go by cascade. */
export type GrantRevoker = (clientIds: number[]) => Promise<void>;

export function grantRevoker(db: Db, google: GoogleConfig | undefined, logger: Logger): GrantRevoker {
  return async (clientIds) => {
    if (!clientIds.length) return;
    const rows = await db
      .select({ clientId: googleConnections.clientId, sealed: googleConnections.refreshToken })
      .from(googleConnections)
      .where(and(inArray(googleConnections.clientId, clientIds), isNotNull(googleConnections.refreshToken)));
    for (const row of rows) {
      const token = google ? unsealed(google, row.sealed) : null;
      if (!google || !token) {
        logger.warn(
          'google: an erased client held a grant this gateway cannot revoke (not configured, or another key)',
          {
            clientId: row.clientId,
          },
        );
        continue;
      }
      await revokeAtGoogle(google, logger, token, row.clientId);
    }
  };
}
