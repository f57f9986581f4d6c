import type { AnalyticsEvent } from '../src/analytics';
import type { PublicRuntimeConfig } from '../src/config';
import type { SessionStore } from './session-store';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/**
 * What the shell hands to every page it loads from a remote. Remotes never import the shell; they get its
 * services through this object, so a remote can also run on its own dev server with a stand-in host.
 */
export interface HostApi {
  config: PublicRuntimeConfig;
  toast: (toast: ToastInput) => void;
  /** Records a browser analytics event; never throws, and does nothing when tracking is not configured. */
  track: (event: AnalyticsEvent) => void;
  /** The site's one session store (signed-in user, login, logout); read it with zustand's `useStore`. */
  session: SessionStore;
  /** Loads another remote's exposed module through the shell's federation runtime, e.g. 'quoting/enquiry-form'. */
  loadRemote: <T = unknown>(id: string) => Promise<T>;
  /**
   * Staff-edited content the gateway put in the page for a key of `pageDataKeys` (contracts/src/pages.ts): the
   * JSON its public API call answers, or null when the item does not exist; undefined when the page carries none for
   * that key (a client-side navigation), and the page fetches `pageDataUrl(key)` itself. Optional: shells from
   * before decision 0034 lack it.
   */
  pageData?: (key: string) => unknown;
  /**
   * A page tells the shell the content it shows for a key of `pageDataKeys`: what `pageData` gave, or what it fetched
   * (null: the item does not exist). The shell writes the page's head from it with contracts `pageHead`, as the
   * gateway does in the HTML it serves, so a post's title, description, card and image follow a client-side
   * navigation. Optional: shells from before decision 0052 lack it.
   */
  contentShown?: (key: string, value: unknown) => void;
  /**
   * @deprecated Remotes built before decision 0052 set a content page's title and description with it; newer ones call
   * `contentShown`, and the shell writes the whole head.
   */
  setPageHead?: (head: { title: string; description: string }) => void;
}

export interface RemotePageProps {
  host: HostApi;
}
