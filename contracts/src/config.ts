import { z } from 'zod';

/**
 * The part of the runtime configuration the browser sees. The gateway validates the full environment at
 * start-up (its own schema extends this one) and embeds this object in every HTML page, so frontends need
 * no rebuild to change a phone number, booking link or tracking id.
 */
export const PublicRuntimeConfigSchema = z.object({
  publicOrigin: z.url(),
  supportEmail: z.email(),
  supportPhone: z.string().min(5).max(40),
  bookingUrl: z.url(),
  chatbotEmbedUrl: z.url().optional(),
  analyticsId: z.string().min(1).max(64).optional(),
  pixelId: z.string().min(1).max(64).optional(),
  /** The Real Talk audio file the thank-you page plays: an absolute URL or a path on this site. */
  audioUrl: z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a path starting with /').max(500),
  /** The home page's explainer video and the about page's intro video (agency-supplied; sections adapt when unset). */
  explainerVideoUrl: z.string().regex(/^(https?:\/\/|\/)/).max(500).optional(),
  aboutVideoUrl: z.string().regex(/^(https?:\/\/|\/)/).max(500).optional(),
});
export type PublicRuntimeConfig = z.infer<typeof PublicRuntimeConfigSchema>;

/** Id of the `<script type="application/json">` element that carries the public config in the HTML. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'agency-runtime-config';

/** Defaults that run on one machine with no configuration; every one is overridable by env. */
export const defaultPublicConfig = {
  publicOrigin: 'http://localhost:8787',
  supportEmail: 'support@beloud.co.nz',
  supportPhone: '07 871 0000',
  bookingUrl: 'https://calendly.com/beloud-digital/30min',
  audioUrl: '/media/real-talk-audio.mp3',
} as const satisfies PublicRuntimeConfig;

/** Reads the config the gateway embedded; falls back to defaults when a remote runs on its own dev server. */
export function readPublicConfig(doc: { getElementById(id: string): { textContent: string | null } | null }): PublicRuntimeConfig {
  const raw = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!raw) return defaultPublicConfig;
  const parsed = PublicRuntimeConfigSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : defaultPublicConfig;
}
