import { z } from 'zod';

/**
 * Google's answers as this area reads them (decision 0111: parsed by their schemas, never taken on trust), and the
 * words staff see when Google fails. Nothing here ever holds a request: an error's request carries the refresh
 * token or the code in its body, so only the answer's status and Google's own error text are read from it.
 */

/** The token endpoint's answer to an authorisation code. */
export const TokenAnswerSchema = z.object({
  access_token: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

/** GA4 Admin `accountSummaries.list`. */
export const AccountSummariesSchema = z.object({
  accountSummaries: z
    .array(
      z.object({
        account: z.string(),
        displayName: z.string().optional(),
        propertySummaries: z
          .array(z.object({ property: z.string(), displayName: z.string().optional() }))
          .optional()
          .default([]),
      }),
    )
    .optional()
    .default([]),
  nextPageToken: z.string().optional(),
});

/** Search Console `sites.list`. */
export const SitesListSchema = z.object({
  siteEntry: z
    .array(z.object({ siteUrl: z.string(), permissionLevel: z.string().optional().default('') }))
    .optional()
    .default([]),
});

/** What a failed call to Google answered, read from the answer alone. */
export function googleFailure(error: unknown): { status: number | undefined; reason: string } {
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  const status = typeof response?.status === 'number' ? response.status : undefined;
  const data = response?.data as
    { error?: string | { message?: unknown; status?: unknown }; error_description?: unknown } | undefined;
  if (data && typeof data.error === 'string')
    return {
      status,
      reason: typeof data.error_description === 'string' ? `${data.error}: ${data.error_description}` : data.error,
    };
  if (data && typeof data.error === 'object' && typeof data.error.message === 'string')
    return { status, reason: data.error.message };
  // No answer (refused connection, timeout): the error's code only, never its message, which may quote the request.
  const code = (error as { code?: unknown } | null)?.code;
  return { status, reason: status ? `HTTP ${status}` : typeof code === 'string' ? code : 'no answer' };
}

/** Google refused the grant itself (revoked at Google, expired, or the client's secret changed). */
export const grantRefused = (error: unknown) => /^invalid_grant\b/.test(googleFailure(error).reason);

/** A sentence for staff: what Google said, and what to do. */
export function failureMessage(what: string, error: unknown): string {
  const { status, reason } = googleFailure(error);
  if (grantRefused(error)) return `Google refused the client's grant (${reason}): connect Google again.`;
  return `Google did not answer ${what} (${status ? `${status} ` : ''}${reason}). Try again in a few minutes.`;
}
