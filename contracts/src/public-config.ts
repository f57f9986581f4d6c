import type { PublicRuntimeConfig } from './config';

// The gateway embeds the public configuration in every page under this id; frontends read it with
// `readPublicConfig` from `@agency/contracts/client`.

/** Id of the `<script type="application/json">` element that carries the public config in the HTML. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'agency-runtime-config';

/** Defaults that run on one machine with no configuration; every one is overridable by env. */
export const defaultPublicConfig = {
  publicOrigin: 'http://localhost:8787',
  portalOrigin: 'http://portal.localhost:8787',
  site: 'public',
  supportEmail: 'support@beloud.co.nz',
  supportPhone: '07 871 0000',
  bookingUrl: 'https://calendly.com/beloud-digital/30min',
  rumSampleRate: 1,
} as const satisfies PublicRuntimeConfig;
