import { createStore, type StoreApi } from 'zustand/vanilla';
import type { currentUser, login, logout, register } from '../src/api/accounts';
import { SESSION_ENDED_HINT, SESSION_ENDED_HINT_SECONDS, SIGNED_IN_COOKIE } from '../src/constants';
import type { LoginInput, RegisterInput, User } from '../src/schemas/auth';
import type { LoginAnswer } from '../src/schemas/security';
import { address, createHttpClient, isHttpError } from './http';

// Addresses, not entries: the session store ships in the shell's first load, which carries no zod (decision 0029).
const CURRENT_USER = address<typeof currentUser>('GET', '/api/auth/user');
const LOGIN = address<typeof login>('POST', '/api/login');
const REGISTER = address<typeof register>('POST', '/api/register');
const LOGOUT = address<typeof logout>('POST', '/api/logout');

/** Session query timing (site-and-accounts §9): fresh 10 minutes; no retry; re-read on mount when stale. */
export const SESSION_FRESH_MS = 10 * 60_000;
/** The deliberate wait before the login call (site-and-accounts §7). */
export const LOGIN_DELAY_MS = 100;

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  user: User | null;
  status: AuthStatus;
  /** When the user was last read from the server (0: never). */
  fetchedAt: number;
  loggingOut: boolean;
  /**
   * A session this browser held ended without a sign-out here (signed out elsewhere, expired, revoked): the
   * protected page then sends the person to sign-in and back to where they were, not home. A sign-in resets it.
   */
  ended: boolean;
  /** Reads the session unless a read newer than SESSION_FRESH_MS exists (`force` always reads). */
  refresh: (options?: { force?: boolean }) => Promise<User | null>;
  /**
   * The password step of a sign-in: the user when that is all the account needs, else the second step still owed
   * (decision 0061), and nobody is signed in until `signedIn` is told who finished it.
   */
  login: (credentials: LoginInput) => Promise<LoginAnswer>;
  /** Records a sign-in completed by a second factor or a passkey (the endpoint answered this user). */
  signedIn: (user: User) => void;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  /** The manual clear-auth action: forget the user, then read the session again. */
  clear: () => Promise<void>;
  /** An API call answered 401 while someone was signed in: the session is gone (`ended`). */
  sessionEnded: () => void;
}
export type SessionStore = StoreApi<SessionState>;

/** Reads and clears the gateway's `signed-in` hint (constants.ts); outside a browser it is taken as present. */
export interface SignedInHint {
  /** The hint says someone is signed in (worth asking the API who). */
  present: () => boolean;
  /** The hint says a session held here has ended (SESSION_ENDED_HINT). */
  ended: () => boolean;
  clear: () => void;
  /** Leaves the ended mark in place of the hint, so a reload still knows the session ended. */
  markEnded: () => void;
}

/** The bit of a browser this needs; contracts is compiled for the gateway too, which has no DOM types. */
type CookieJar = { document?: { cookie: string }; location?: { protocol: string } };

export function cookieHint(name: string = SIGNED_IN_COOKIE): SignedInHint {
  const jar = () => globalThis as CookieJar;
  /** The hint's value; undefined when there is none, `1` outside a browser. */
  const value = () => {
    const doc = jar().document;
    if (!doc) return '1';
    const pair = doc.cookie.split(/;\s*/).find((p) => p.startsWith(`${name}=`));
    return pair?.slice(name.length + 1);
  };
  const write = (content: string, maxAge: number) => {
    const doc = jar().document;
    if (!doc) return;
    const secure = jar().location?.protocol === 'https:' ? '; Secure' : '';
    doc.cookie = `${name}=${content}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  };
  return {
    present: () => {
      const v = value();
      return v !== undefined && v !== SESSION_ENDED_HINT;
    },
    ended: () => value() === SESSION_ENDED_HINT,
    clear: () => write('', 0),
    markEnded: () => write(SESSION_ENDED_HINT, SESSION_ENDED_HINT_SECONDS),
  };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one session store of the site. The shell creates it and lends it to every remote through the host API,
 * so a sign-in on the account remote shows at once in the shell's header.
 *
 * Without the `signed-in` hint the browser holds no session cookie either (the gateway sets and clears both
 * together), so the store settles on "nobody signed in" without asking: the API's 401 for an anonymous read
 * would be a console error on every page. A 401 while the hint is there means it outlived its session: leave the ended mark in its place.
 */
export function createSessionStore(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  hint: SignedInHint = cookieHint(),
): SessionStore {
  // Types only, no parse: the session store ships in the shell, which carries no zod (decision 0029).
  const http = createHttpClient(fetchImpl);
  let inFlight: Promise<User | null> | null = null;
  return createStore<SessionState>()((set, get) => {
    const signedIn = (user: User) => set({ user, status: 'authenticated', fetchedAt: Date.now(), ended: false });
    return {
      user: null,
      status: 'loading',
      fetchedAt: 0,
      loggingOut: false,
      ended: false,
      refresh: ({ force = false } = {}) => {
        if (!force && get().fetchedAt && Date.now() - get().fetchedAt < SESSION_FRESH_MS)
          return Promise.resolve(get().user);
        if (inFlight && !force) return inFlight;
        const request: Promise<User | null> = (async () => {
          if (!hint.present()) {
            // The ended mark (left by the gateway or by this store) outlives a reload: sign-in and back, not home.
            set({
              user: null,
              status: 'unauthenticated',
              fetchedAt: Date.now(),
              ...(hint.ended() ? { ended: true } : {}),
            });
            return null;
          }
          try {
            const user = await http.call(CURRENT_USER);
            signedIn(user);
            return user;
          } catch (error) {
            // A 401 means "nobody signed in", not a failure; anything else is logged and treated the same. With
            // the hint there, this browser held a session that has since ended.
            const ended = isHttpError(error) && error.status === 401;
            if (ended) hint.markEnded();
            else console.warn('Session read failed', error);
            set({ user: null, status: 'unauthenticated', fetchedAt: Date.now(), ...(ended ? { ended } : {}) });
            return null;
          }
        })();
        inFlight = request;
        void request.finally(() => {
          if (inFlight === request) inFlight = null;
        });
        return request;
      },
      login: async (credentials) => {
        await wait(LOGIN_DELAY_MS);
        const answer = await http.call(LOGIN, { body: credentials });
        if (!('secondFactor' in answer)) signedIn(answer);
        return answer;
      },
      signedIn,
      register: async (input) => {
        const user = await http.call(REGISTER, { body: input });
        signedIn(user);
        return user;
      },
      logout: async () => {
        set({ loggingOut: true });
        try {
          await http.call(LOGOUT);
          // The gateway blanked the hint with the session; an ended mark left before must go too.
          hint.clear();
          set({ user: null, status: 'unauthenticated', ended: false });
          await get().refresh({ force: true });
        } finally {
          set({ loggingOut: false });
        }
      },
      clear: async () => {
        set({ user: null, status: 'unauthenticated' });
        await get().refresh({ force: true });
      },
      sessionEnded: () => {
        if (!get().user) return;
        hint.markEnded();
        set({ user: null, status: 'unauthenticated', fetchedAt: Date.now(), ended: true });
      },
    };
  });
}
