import { z } from 'zod';

/**
 * The part of the runtime configuration the browser sees. The gateway validates the full environment at
 * start-up (its own schema extends this one) and embeds this object in every HTML page, so frontends need
 * no rebuild to change a phone number, booking link or tracking id.
 */
export const PublicRuntimeConfigSchema = z.object({
  publicOrigin: z.url(),
  /** Where sign-in, the dashboard and every answer with personal data are served (decision 0077). */
  portalOrigin: z.url(),
  /** Which of the two origins this page is of: the shell loads that origin's remotes and routes only. */
  site: z.enum(['public', 'portal']),
  supportEmail: z.email(),
  supportPhone: z.string().min(5).max(40),
  bookingUrl: z.url(),
  /** A chat product's page shown in the shell's own chat panel (an iframe). */
  chatbotEmbedUrl: z.url().optional(),
  /** Or a chat product's embed script, which draws its own launcher; the gateway admits exactly its origin. */
  chatbotScriptUrl: z.url({ protocol: /^https?$/ }).optional(),
  analyticsId: z.string().min(1).max(64).optional(),
  pixelId: z.string().min(1).max(64).optional(),
  /**
   * The Real Talk audio as the operator set it (REAL_TALK_AUDIO_URL): an absolute URL or a path on this site. Unset,
   * the audio is the one staff uploaded in the dashboard (`GET /api/real-talk-audio`), if any.
   */
  audioUrl: z
    .string()
    .regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a path starting with /')
    .max(500)
    .optional(),
  /** The home page's explainer video and the about page's intro video (agency-supplied; sections adapt when unset). */
  explainerVideoUrl: z
    .string()
    .regex(/^(https?:\/\/|\/)/)
    .max(500)
    .optional(),
  aboutVideoUrl: z
    .string()
    .regex(/^(https?:\/\/|\/)/)
    .max(500)
    .optional(),
  /** The website calculator's video (agency-supplied; its written version shows while unset). */
  websiteCalculatorVideoUrl: z
    .string()
    .regex(/^(https?:\/\/|\/)/)
    .max(500)
    .optional(),
  /** The share of page loads whose real-user measurements the shell sends (0-1; decision 0041). */
  rumSampleRate: z.number().min(0).max(1),
});
export type PublicRuntimeConfig = z.infer<typeof PublicRuntimeConfigSchema>;
