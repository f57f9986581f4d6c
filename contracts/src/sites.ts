import { REMOTE_NAMES, type RemoteName } from './remotes';

// The two origins the site is served from (decision 0077). Zod-free: the shell imports this module.

/**
 * `public` runs the teams' remotes and the third-party tags and carries no session; `portal` runs only the agency's
 * account remote and alone holds the session: no document of it ever runs team code.
 */
export type Site = 'public' | 'portal';

/** The remotes of the portal: released by the agency only, never through a deploy token. */
export const PORTAL_REMOTES = ['account'] as const satisfies readonly RemoteName[];

export const siteOfRemote = (name: RemoteName): Site =>
  (PORTAL_REMOTES as readonly RemoteName[]).includes(name) ? 'portal' : 'public';

/** The remotes a page of `site` may load (its pointer document names these and no other). */
export const remotesOfSite = (site: Site): RemoteName[] => REMOTE_NAMES.filter((name) => siteOfRemote(name) === site);

/** The remotes teams release with their deploy tokens. */
export const TEAM_REMOTES: readonly RemoteName[] = remotesOfSite('public');

/**
 * The public origin's page the portal sends a visitor through on the way to the public site: it sets (`state=1`) or
 * clears (`state=0`) the public site's `signed-in` hint cookie, which holds no secret, and sends the visitor on to
 * `next` (a path of the site). A cookie of one host cannot be set from another, and only a top-level navigation sets
 * a first-party cookie whatever the browser's third-party rules: so the hint rides on the navigations between them.
 */
export const SIGNED_IN_HINT_PATH = '/signed-in-hint';

/**
 * The query the portal adds to the public page it sends someone to after they signed out there: the public shell
 * says so in a toast, then drops it from the address.
 */
export const SIGNED_OUT_PARAM = 'signed-out';

/** The portal's origin when none is configured: `portal.` before the public origin's host name. */
export function defaultPortalOrigin(publicOrigin: string): string {
  // By hand: this module ships in the shell and is compiled for the gateway too, without DOM or Node types.
  const [, scheme = 'http://', host = ''] = /^([a-z][a-z\d+.-]*:\/\/)([^/?#]*)/i.exec(publicOrigin) ?? [];
  return `${scheme}portal.${host}`.toLowerCase();
}
