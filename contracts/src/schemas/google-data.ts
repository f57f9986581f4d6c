import { z } from 'zod';

/**
 * A client's Google data connection (decision 0093) as staff see it. The refresh token never leaves the gateway: no
 * schema here has a place for it.
 */

const when = z.string();

export const GoogleConnectionSchema = z.object({
  connectedAt: when,
  /** The staff member who made the grant; null once their account is gone. */
  connectedBy: z.string().nullable(),
  /** The scopes Google granted. */
  scopes: z.array(z.string()),
  /** A usable grant is held (false once Google refused it or it could not be read with the configured key). */
  granted: z.boolean(),
  ga4Property: z.object({ id: z.string(), name: z.string() }).nullable(),
  searchConsoleSite: z.string().nullable(),
  lastFetchAt: when.nullable(),
  lastFetchedDay: z.string().nullable(),
  backfillFrom: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: when.nullable(),
  retryAt: when.nullable(),
});
export type GoogleConnection = z.infer<typeof GoogleConnectionSchema>;

/** `GET /api/admin/clients/:clientId/google`: whether the gateway can connect at all, and the client's connection. */
export const GoogleStateSchema = z.object({
  configured: z.boolean(),
  connection: GoogleConnectionSchema.nullable(),
});
export type GoogleState = z.infer<typeof GoogleStateSchema>;

/** Where the browser goes to ask Google for the grant. */
export const GoogleAuthorizeSchema = z.object({ authorizeUrl: z.url() });

/** What Google handed back to the dashboard: the state always, then a code, or the refusal. */
export const GoogleCallbackSchema = z.object({
  state: z
    .string({ error: 'state is required: the state Google sent back' })
    .min(1, { error: 'state is required: the state Google sent back' })
    .max(200, { error: 'state is too long' }),
  code: z.string().min(1).max(2000, { error: 'code is too long' }).optional(),
  error: z.string().min(1).max(200, { error: 'error is too long' }).optional(),
});
export type GoogleCallback = z.infer<typeof GoogleCallbackSchema>;

/** The round trip's outcome for the dashboard's toast: connected, or refused at Google's consent page. */
export const GoogleCallbackResultSchema = z.object({
  clientId: z.number().int(),
  connected: z.boolean(),
  message: z.string(),
});

/** The GA4 properties and Search Console sites the grant can read, to pick from. */
export const GoogleSourcesSchema = z.object({
  properties: z.array(z.object({ id: z.string(), name: z.string(), account: z.string() })),
  sites: z.array(z.object({ url: z.string(), permission: z.string() })),
});
export type GoogleSources = z.infer<typeof GoogleSourcesSchema>;

/** The property and site staff chose (null: none); each must be among the grant's. */
export const GoogleSourcesInputSchema = z.object({
  ga4Property: z
    .string({ error: 'ga4Property must be a GA4 property id (properties/123) or null' })
    .regex(/^properties\/\d+$/, { error: 'ga4Property must be a GA4 property id (properties/123) or null' })
    .nullable(),
  searchConsoleSite: z
    .string({ error: 'searchConsoleSite must be a Search Console site or null' })
    .min(1, { error: 'searchConsoleSite must be a Search Console site or null' })
    .max(500, { error: 'searchConsoleSite is too long' })
    .nullable(),
});
export type GoogleSourcesInput = z.infer<typeof GoogleSourcesInputSchema>;
