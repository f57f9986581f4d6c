import { useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_S,
  consentFromCookies,
  serializeConsent,
  type ConsentChoice,
  type endpoints,
} from '@agency/contracts';
import { address, http } from '@agency/contracts/client';

export type ConsentHow = 'accept' | 'reject' | 'choose';

// The entry's address only: the shell's first load carries no zod (decision 0029), the gateway checks the body.
const RECORD = address<typeof endpoints.recordConsent>('POST', '/api/consent');

/**
 * The visitor's consent (decision 0095), as this page knows it: the `agency_consent` cookie is the one truth (the
 * gateway reads the same cookie), read once at start and rewritten on each choice. `open` is whether the banner
 * is shown; it is false on the server and until the shell has mounted, so the server's HTML never has it.
 */
interface ConsentState {
  choice: ConsentChoice | null;
  open: boolean;
  /** Opened on the visitor's request (the footer link): the banner takes the focus. Not on a first visit. */
  focus: boolean;
}

let state: ConsentState = {
  choice: typeof document === 'undefined' ? null : consentFromCookies(document.cookie),
  open: false,
  focus: false,
};
const listeners = new Set<() => void>();
const set = (next: Partial<ConsentState>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};

export const consentStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** After mount: the banner asks a visitor who has not chosen (or whose choice is from an older version). */
  askIfUnchosen: () => state.choice === null && !state.open && set({ open: true }),
  /** The footer's "Cookie settings": the banner again, to change the choice. */
  reopen: () => set({ open: true, focus: true }),
  /** A choice: the cookie for a year, one count of it on the server (fire and forget), and the banner closes. */
  choose(choice: ConsentChoice, how: ConsentHow) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choice)}; path=/; max-age=${CONSENT_MAX_AGE_S}; SameSite=Lax${secure}`;
    // A lost count costs nothing the visitor would notice; the choice itself is the cookie.
    http.call(RECORD, { body: { ...choice, how } }).catch(() => undefined);
    set({ choice, open: false, focus: false });
  },
  /** For tests: start again as a freshly loaded page. */
  reset: () => set({ choice: consentFromCookies(document.cookie), open: false, focus: false }),
};

export const useConsent = () => useSyncExternalStore(consentStore.subscribe, consentStore.get, consentStore.get);
