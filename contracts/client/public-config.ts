import type { PublicRuntimeConfig } from '../src/config';
import { defaultPublicConfig, RUNTIME_CONFIG_ELEMENT_ID } from '../src/public-config';
import { defaultPortalOrigin } from '../src/sites';

// Zod-free on purpose: every frontend reads the config at start-up, and zod would then be on every first load.
// The gateway validated this object with PublicRuntimeConfigSchema before embedding it in the page.

// audioUrl is optional since the audio can be uploaded by staff instead (decision 0064).
const REQUIRED = ['publicOrigin', 'supportEmail', 'supportPhone', 'bookingUrl'] as const;
const OPTIONAL = [
  'audioUrl',
  'chatbotEmbedUrl',
  'chatbotScriptUrl',
  'analyticsId',
  'pixelId',
  'explainerVideoUrl',
  'aboutVideoUrl',
  'websiteCalculatorVideoUrl',
] as const;

/** A structural check of the embedded object: every required field a string, every optional one absent or a string. */
function isPublicConfig(value: unknown): value is PublicRuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    REQUIRED.every((k) => typeof v[k] === 'string' && v[k] !== '') &&
    OPTIONAL.every((k) => v[k] === undefined || typeof v[k] === 'string')
  );
}

type ElementSource = { getElementById(id: string): { textContent: string | null } | null };

/**
 * The JSON the gateway embedded in a `<script id="…" type="application/json">` element (runtime config, remote
 * pointer), or undefined when the element is missing, empty or not JSON.
 */
export function readEmbeddedJson(doc: ElementSource, id: string): unknown {
  const raw = doc.getElementById(id)?.textContent;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads the config the gateway embedded; falls back to defaults when a remote runs on its own dev server. */
export function readPublicConfig(doc: ElementSource): PublicRuntimeConfig {
  const parsed = readEmbeddedJson(doc, RUNTIME_CONFIG_ELEMENT_ID);
  if (!isPublicConfig(parsed)) return defaultPublicConfig;
  const config: Record<string, string> = {};
  for (const key of [...REQUIRED, ...OPTIONAL]) if (typeof parsed[key] === 'string') config[key] = parsed[key];
  const extra = parsed as Record<string, unknown>;
  // A page from a gateway that predates the setting measures every load, as the default does.
  const rate = extra.rumSampleRate;
  const rumSampleRate = typeof rate === 'number' && rate >= 0 && rate <= 1 ? rate : defaultPublicConfig.rumSampleRate;
  // A page that does not say it is the portal's is the public site's: it may load team code, so it holds no session.
  const site = extra.site === 'portal' ? 'portal' : 'public';
  const portalOrigin =
    typeof extra.portalOrigin === 'string' && extra.portalOrigin
      ? extra.portalOrigin
      : defaultPortalOrigin(config.publicOrigin!);
  return { ...config, portalOrigin, site, rumSampleRate } as unknown as PublicRuntimeConfig;
}
