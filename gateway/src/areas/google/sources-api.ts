import { eq } from 'drizzle-orm';
import { endpoints, type GoogleSources } from '@agency/contracts';
import { googleConnections, googleDailyFigures, type Db } from '../../platform/db';
import type { GoogleConfig } from '../../platform/env';
import type { ApiDeps } from '../../platform/http/deps';
import { clientScope, requireStaff } from '../../platform/http/guards/access';
import { audit } from '../../platform/audit/record';
import { endpointRoutes } from '../../platform/http/routes';
import type { Logger } from '../../platform/logger';
import { clientName, NOT_CONFIGURED } from './connect-api';
import { readConnection, revokeAtGoogle, unsealed } from './connections';
import { AccountSummariesSchema, failureMessage, googleFailure, grantRefused, SitesListSchema } from './google-answers';
import { oauthClient } from './oauth-client';
import { startBackfill } from './backfill';

/** Google's answer, or a refusal for staff to read (the status is the API's: 409 without a grant, 502 when Google fails). */
type Listed = { sources: GoogleSources } | { status: 409 | 502; message: string };

const PAGE = 200;
const TIMEOUT_MS = 15_000;

/** The GA4 properties and Search Console sites the client's grant can read, asked of Google with that grant. */
async function listSources(db: Db, google: GoogleConfig, logger: Logger, clientId: number): Promise<Listed> {
  const [row] = await db
    .select({ sealed: googleConnections.refreshToken })
    .from(googleConnections)
    .where(eq(googleConnections.clientId, clientId));
  if (!row) return { status: 409, message: 'Google is not connected for this client: connect it first.' };
  const token = unsealed(google, row.sealed);
  if (!token)
    return {
      status: 409,
      message:
        'No usable Google grant is held for this client (refused by Google, or sealed with another key): connect Google again.',
    };
  const client = oauthClient(google, token);
  try {
    const properties: GoogleSources['properties'] = [];
    let pageToken: string | undefined;
    do {
      const url = new URL(`${google.urls.analyticsAdmin}/v1beta/accountSummaries`);
      url.searchParams.set('pageSize', String(PAGE));
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const page = AccountSummariesSchema.parse((await client.request({ url: url.href, timeout: TIMEOUT_MS })).data);
      for (const account of page.accountSummaries)
        for (const p of account.propertySummaries)
          properties.push({
            id: p.property,
            name: p.displayName ?? p.property,
            account: account.displayName ?? account.account,
          });
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    const sites = SitesListSchema.parse(
      (await client.request({ url: `${google.urls.searchConsole}/webmasters/v3/sites`, timeout: TIMEOUT_MS })).data,
    ).siteEntry.map((s) => ({ url: s.siteUrl, permission: s.permissionLevel }));
    return { sources: { properties, sites } };
  } catch (error) {
    const message =
      error instanceof Error && error.name === 'ZodError'
        ? "Google's list of properties and sites could not be read. Try again in a few minutes."
        : failureMessage('with the properties and sites', error);
    logger.warn('google: listing sources failed', { clientId, ...googleFailure(error) });
    // A refused grant is no use to anyone: it is dropped, and staff see why on the client's page.
    if (grantRefused(error))
      await db
        .update(googleConnections)
        .set({ refreshToken: null, lastError: message, lastErrorAt: new Date() })
        .where(eq(googleConnections.clientId, clientId));
    return { status: 502, message };
  }
}

/** Choosing the client's property and site, and disconnecting. */
export function sourcesApi({ db, env, logger }: ApiDeps) {
  const google = env.google;
  return endpointRoutes()
    .on(endpoints.googleSources, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      if (!google) return c.json({ message: NOT_CONFIGURED }, 503);
      const listed = await listSources(db, google, logger, clientId);
      if ('status' in listed) return c.json({ message: listed.message }, listed.status);
      return c.json(listed.sources);
    })

    .on(endpoints.saveGoogleSources, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const input = c.req.valid('json');
      if (!google) return c.json({ message: NOT_CONFIGURED }, 503);
      const listed = await listSources(db, google, logger, clientId);
      if ('status' in listed) return c.json({ message: listed.message }, listed.status);
      // Only what the grant can read: a property or site typed in by hand would fail every night.
      const property = input.ga4Property && listed.sources.properties.find((p) => p.id === input.ga4Property);
      if (input.ga4Property && !property)
        return c.json(
          { message: `ga4Property ${input.ga4Property} is not among the GA4 properties this grant can read.` },
          400,
        );
      if (input.searchConsoleSite && !listed.sources.sites.some((s) => s.url === input.searchConsoleSite))
        return c.json(
          {
            message: `searchConsoleSite ${input.searchConsoleSite} is not among the Search Console sites this grant can read.`,
          },
          400,
        );
      const { user } = requireStaff(c);
      const [before] = await db
        .select({ ga4Property: googleConnections.ga4Property, site: googleConnections.searchConsoleSite })
        .from(googleConnections)
        .where(eq(googleConnections.clientId, clientId));
      // Figures of another property or site are not this client's any more: they go, and the months are fetched again.
      const changed =
        before !== undefined &&
        (before.ga4Property !== (property ? property.id : null) || before.site !== input.searchConsoleSite);
      await db.batch([
        db
          .update(googleConnections)
          .set({
            ga4Property: property ? property.id : null,
            ga4PropertyName: property ? property.name : null,
            searchConsoleSite: input.searchConsoleSite,
            ...(changed ? { lastFetchedDay: null, lastFetchAt: null } : {}),
          })
          .where(eq(googleConnections.clientId, clientId)),
        audit(
          db,
          {
            area: 'accounts',
            action: 'choose-google-sources',
            actor: { id: user.id, name: user.username },
            subject: { type: 'account', id: clientId },
            after: input,
          },
          { ifChanged: true },
        ),
        // After the audit, which reads whether the update before it changed the row.
        ...(changed ? [db.delete(googleDailyFigures).where(eq(googleDailyFigures.clientId, clientId))] : []),
      ]);
      if (changed) await startBackfill(db, clientId);
      const connection = await readConnection(db, google, clientId);
      if (!connection) return c.json({ message: 'Google was disconnected meanwhile: connect it again.' }, 409);
      return c.json(connection);
    })

    .on(endpoints.googleDisconnect, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const [row] = await db
        .select({ sealed: googleConnections.refreshToken })
        .from(googleConnections)
        .where(eq(googleConnections.clientId, clientId));
      if (!row) return c.json({ message: 'Google is not connected for this client.' }, 404);
      const token = google ? unsealed(google, row.sealed) : null;
      const revoked = google && token ? await revokeAtGoogle(google, logger, token, clientId) : false;
      if (!token && row.sealed)
        logger.warn('google: a grant could not be revoked (not configured, or another key)', { clientId });
      const { user } = requireStaff(c);
      await db.batch([
        db.delete(googleConnections).where(eq(googleConnections.clientId, clientId)),
        audit(
          db,
          {
            area: 'accounts',
            action: 'disconnect-google',
            actor: { id: user.id, name: user.username },
            subject: { type: 'account', id: clientId },
            detail: revoked
              ? 'The grant was revoked at Google.'
              : row.sealed
                ? 'Google did not confirm the revoke.'
                : 'No usable grant was held.',
          },
          { ifChanged: true },
        ),
      ]);
      const name = await clientName(db, clientId);
      return c.json({
        message:
          revoked || !row.sealed
            ? `Google disconnected for ${name}.`
            : `Google disconnected for ${name}; Google did not confirm the grant was revoked: remove the agency's app at myaccount.google.com/permissions for that Google account.`,
      });
    }).app;
}
