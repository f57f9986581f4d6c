import { OAuth2Client } from 'google-auth-library';
import type { GoogleConfig } from '../../platform/env';

/** The read-only scopes a client's grant asks for (decision 0093). */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/webmasters.readonly',
] as const;

/** How long any one call to Google may take. */
export const GOOGLE_TIMEOUT_MS = 20_000;

/**
 * The agency's OAuth client, at the configured endpoints (Google's, or a stand-in's in tests). With a refresh token
 * set (`setCredentials({ refresh_token })`), `request({ url, method, data })` adds an access token, refreshing it
 * when it has run out.
 */
export function oauthClient(google: GoogleConfig, refreshToken?: string): OAuth2Client {
  const client = new OAuth2Client({
    // Every call to Google (the code exchange, a refresh, a revoke, a report) gives up after this long, so a request
    // that hangs holds neither a staff member's click nor the nightly job's lease.
    transporterOptions: { timeout: GOOGLE_TIMEOUT_MS },
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: google.redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: google.urls.auth,
      oauth2TokenUrl: google.urls.token,
      oauth2RevokeUrl: google.urls.revoke,
    },
  });
  if (refreshToken) client.setCredentials({ refresh_token: refreshToken });
  return client;
}
