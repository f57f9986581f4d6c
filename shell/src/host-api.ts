import { PAGE_DATA_ELEMENT_ID, REMOTE_NAMES, type RemoteName } from '@agency/contracts';
import { createSessionStore, readEmbeddedJson, type HostApi, type SignedInHint } from '@agency/contracts/client';
import { pageConfig } from './page-config';
import { showContent, startShownContent } from './features/head/shown-content';
import { toast } from './features/toasts/toast-store';
import { track } from './features/tracking/track';
import { loadRemoteModule, refreshRemote } from './federation/remotes';

/**
 * The content the gateway embedded in the page it served (by key). On the server, server.tsx sets each render's.
 * Keys name their item (a slug), so what is here stays right for every page of the visit.
 */
let pageData: Record<string, unknown> =
  typeof document === 'undefined'
    ? {}
    : ((readEmbeddedJson(document, PAGE_DATA_ELEMENT_ID) ?? {}) as Record<string, unknown>);
export const setServerPageData = (data: Record<string, unknown>) => (pageData = data);
startShownContent(pageData);

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

/**
 * The public site's pages never read the session (decision 0077): it is the portal's, and the public site runs team
 * code. There the store knows nobody, without asking.
 */
const noSession: SignedInHint = { present: () => false, ended: () => false, clear: () => {}, markEnded: () => {} };

/** The services the shell lends to every remote page (see contracts/src/host.ts). */
export const hostApi: HostApi = {
  // On the server there is no page to read it from: server.tsx sets the gateway's config before each render.
  config: pageConfig,
  toast,
  track,
  session: pageConfig.site === 'portal' ? createSessionStore() : createSessionStore(undefined, noSession),
  loadRemote: async <T>(id: string) => {
    const [name = '', ...rest] = id.split('/');
    if (!isRemoteName(name) || rest.length === 0) throw new Error(`Unknown remote module ${id}`);
    try {
      return await loadRemoteModule<T>(name, rest.join('/'));
    } catch (error) {
      // Drop whatever the runtime cached for the failed remote, so the caller's retry starts fresh.
      await refreshRemote(name).catch(() => undefined);
      throw error;
    }
  },
  pageData: (key) => (Object.hasOwn(pageData, key) ? pageData[key] : undefined),
  contentShown: showContent,
  // Remotes built before decision 0052 still call this; route-head.tsx writes the whole head for newer ones.
  setPageHead: ({ title, description }) => {
    if (typeof document === 'undefined') return;
    document.title = title;
    document.head.querySelector('meta[name="description"]')?.setAttribute('content', description);
  },
};
