import type { Context } from 'hono';
import type { PublicRuntimeConfig, Site } from '@agency/contracts';
import type { Env } from '../env';

/**
 * The two origins one gateway serves (decision 0077), told apart by the request's host name: the portal's
 * (PORTAL_ORIGIN) is the portal, every other name the public site, so a host nobody configured gets no session.
 */
export interface Sites {
  of(c: Context): Site;
  origin(site: Site): string;
  /** The config a page of the site embeds (`siteConfig`). */
  config(site: Site): PublicRuntimeConfig;
}

/**
 * The config a page of `site` embeds, from the public site's: the portal's names no third party (no analytics, pixel
 * or chatbot), so its shell loads none.
 */
export function siteConfig(pub: PublicRuntimeConfig, site: Site): PublicRuntimeConfig {
  if (site === 'public') return { ...pub, site };
  const { analyticsId: _a, pixelId: _p, chatbotEmbedUrl: _e, chatbotScriptUrl: _s, ...untagged } = pub;
  return { ...untagged, site };
}

/** The origin a page with this config is served from. */
export const originOf = (config: PublicRuntimeConfig) =>
  config.site === 'portal' ? config.portalOrigin : config.publicOrigin;

export function sites(env: Pick<Env, 'publicConfig'>): Sites {
  const pub = env.publicConfig;
  const portalHost = new URL(pub.portalOrigin).hostname;
  const configs: Record<Site, PublicRuntimeConfig> = {
    public: siteConfig(pub, 'public'),
    portal: siteConfig(pub, 'portal'),
  };
  return {
    // The URL @hono/node-server made of the Host header; URL lower-cases the name and drops the port.
    of: (c) => (new URL(c.req.url).hostname === portalHost ? 'portal' : 'public'),
    origin: (site) => originOf(configs[site]),
    config: (site) => configs[site],
  };
}
