import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { endpoints, identityKey } from '@agency/contracts';
import { LIMITS, type RateLimiter } from '../../platform/http/rate-limit';
import { rateLimit, validBody } from '../../platform/http/limit';
import type { Logger } from '../../platform/logger';
import type { AuthEnv } from '../../platform/http/guards/session';
import type { DeviceCookies } from './device-cookie';
import type { PasswordPriority } from './password-queue';

/** How long an address that failed a sign-in waits behind clean ones for password checks (decision 0084). */
export const RECENT_FAILURE_MS = 15 * 60_000;
/** Addresses remembered at once: a flood from more addresses forgets the oldest, which then count as clean again. */
const RECENT_FAILURE_ADDRESSES = 100_000;

/** The counters of one account's password checks, by its identity key (decisions 0020 and 0051). */
const KEYS = {
  account: (account: string) => `login:user:${account}`,
  device: (account: string, nonce: string) => `login:device:${account}:${nonce}`,
  devicesOf: (account: string) => `login:device:${account}:`,
  passwordChange: (userId: number) => `password:user:${userId}`,
  // Second-factor codes (decision 0061): by account id, as only someone past the password reaches them.
  codeAccount: (userId: number) => `2fa:user:${userId}`,
  codeDevice: (userId: number, nonce: string) => `2fa:device:${userId}:${nonce}`,
};

/**
 * Every counter that names an account (by either name it signs in with, or by id): its locks and each of its
 * browsers' device counters, for erasing the account with everything of it (decision 0069).
 */
export const countersOfAccount = (user: { id: number; username: string; email: string }) => {
  const names = [...new Set([identityKey(user.username), identityKey(user.email)])];
  return {
    keys: [...names.map(KEYS.account), KEYS.passwordChange(user.id), KEYS.codeAccount(user.id)],
    prefixes: [...names.map(KEYS.devicesOf), `2fa:device:${user.id}:`],
  };
};

/**
 * Sign-in throttling with device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies";
 * decision 0051). An attempt from a browser holding a genuine device cookie for the account counts against that
 * device alone; any other attempt counts against the account's lock for unknown browsers, which strangers can fill
 * but which then holds back only unknown browsers. Every attempt also counts against its client address.
 */
export function signInThrottle(
  limiter: RateLimiter,
  devices: DeviceCookies,
  addressCounter: (c: Context) => string,
  logger: Logger,
) {
  // Which addresses failed a sign-in lately, for the password queue's order only (decision 0084): each gateway
  // remembers its own, in memory, as the order of its own queue is all it decides. The limits stay in the database.
  const recentFailures = new LRUCache<string, true>({ max: RECENT_FAILURE_ADDRESSES, ttl: RECENT_FAILURE_MS });
  const loginBody = validBody(endpoints.login.body);
  const accountOf = (c: Context) => identityKey(loginBody(c).username);
  // The device a sign-in request's browser proves for the name typed (its nonce, or null), read once by the limit.
  const devicesOfRequests = new WeakMap<Request, string | null>();
  const nonceOf = (c: Context) => devicesOfRequests.get(c.req.raw) ?? null;
  const lockOf = (nonce: string | null, address: string) => (key: string) =>
    key === address ? 'address' : nonce ? 'device' : 'account';
  return {
    passwordChangeKey: KEYS.passwordChange,

    /**
     * The sign-in limit, as the login route's middleware after its input (decision 0020): each attempt is counted
     * for the name typed before the password is checked, whatever its outcome, so a lock refuses even the right
     * password. A browser with the account's device cookie counts against its own device lock (a device past it is
     * refused, not treated as an unknown browser: its cookie is trusted again when its window ends), any other
     * against the account's lock for unknown browsers (decision 0051); every attempt against its address too.
     */
    login: (message: (wait: string) => string): MiddlewareHandler[] => [
      async (c, next) => {
        devicesOfRequests.set(c.req.raw, await devices.deviceOf(c, accountOf(c)));
        return next();
      },
      rateLimit(
        limiter,
        [
          [(c) => (nonceOf(c) ? KEYS.device(accountOf(c), nonceOf(c)!) : null), LIMITS.loginPerDevice],
          [(c) => (nonceOf(c) ? null : KEYS.account(accountOf(c))), LIMITS.loginPerAccount],
          [addressCounter, LIMITS.loginPerIp],
        ],
        message,
        undefined,
        (c, keys, seconds) => locked(accountOf(c), keys.map(lockOf(nonceOf(c), addressCounter(c))), keys, seconds),
      ),
    ],

    /** The outcome of a sign-in attempt the `login` limit let through, for its handler. */
    attempt(c: Context) {
      const account = accountOf(c);
      const nonce = nonceOf(c);
      return outcome(addressCounter(c), nonce, nonce ? null : KEYS.account(account));
    },

    /**
     * The second-factor code limit (decision 0061), as a code route's middleware after its input, as the sign-in
     * limit is: `stepOf` finds the sign-in step the code is for (null: not signing in, so nothing is counted and the
     * handler refuses), and each code (app or recovery code) counts by the same device rule before it is checked: a
     * browser that completed a sign-in to the account before has its own lock, so a stranger who has the password
     * and guesses codes from elsewhere cannot lock the owner's own browsers out; everyone else shares the account's
     * lock; every code counts against its address too. The handler reads the step the limit found (`step`) and its
     * attempt's outcome (`attempt`).
     */
    codes<S extends { user: { id: number; username: string } }>(
      stepOf: (c: Context<AuthEnv>) => S | null | Promise<S | null>,
      message: (wait: string) => string,
    ) {
      const found = new WeakMap<Request, { step: S; account: string; nonce: string | null }>();
      const of = (c: Context) => found.get(c.req.raw);
      const deviceKey = (c: Context) => {
        const f = of(c);
        return f?.nonce ? KEYS.codeDevice(f.step.user.id, f.nonce) : null;
      };
      const accountKey = (c: Context) => {
        const f = of(c);
        return f && !f.nonce ? KEYS.codeAccount(f.step.user.id) : null;
      };
      const limit: MiddlewareHandler<AuthEnv>[] = [
        async (c, next) => {
          const step = await stepOf(c);
          if (step) {
            const account = identityKey(step.user.username);
            found.set(c.req.raw, { step, account, nonce: await devices.deviceOf(c, account) });
          }
          return next();
        },
        rateLimit(
          limiter,
          [
            [deviceKey, LIMITS.codesPerDevice],
            [accountKey, LIMITS.codesPerAccount],
            [(c) => (of(c) ? addressCounter(c) : null), LIMITS.loginPerIp],
          ],
          message,
          undefined,
          (c, keys, seconds) => {
            const { account, nonce } = of(c)!;
            locked(account, keys.map(lockOf(nonce, addressCounter(c))), keys, seconds);
          },
        ),
      ];
      return {
        limit,
        /** The sign-in step the limit found for this request: null when the request is not signing in. */
        step: (c: Context): S | null => of(c)?.step ?? null,
        /** The outcome of a code the limit let through, for its handler (only once `step` found one). */
        attempt(c: Context) {
          const { nonce } = of(c)!;
          return outcome(addressCounter(c), nonce, accountKey(c));
        },
      };
    },

    /**
     * The statement that lifts every lock of an account (unknown browsers, each device, password change), for the
     * batch of a completed password reset: whoever holds the reset link owns the account. The second-factor locks
     * stay: the mailbox is not the second factor.
     */
    lift: (username: string, userId: number) =>
      limiter.forget(
        [KEYS.account(identityKey(username)), KEYS.passwordChange(userId)],
        [KEYS.devicesOf(identityKey(username))],
      ),
  };

  /** Once per lock and window: an operator sees which account is being guessed at, and from how wide. */
  function locked(account: string, locks: string[], keys: string[], seconds: number) {
    keys.forEach((key, i) =>
      logger.warn('sign-in locked', { lock: locks[i], account, key, minutes: Math.ceil(seconds / 60) }),
    );
  }

  /** What a counted attempt's handler needs: its password check's place in the queue, and what its outcome does. */
  function outcome(address: string, nonce: string | null, unknownBrowserKey: string | null) {
    const priority: PasswordPriority = nonce ? 'known' : recentFailures.has(address) ? 'other' : 'clean';
    return {
      /** Where its password check waits when checks queue: a known browser first, then clean addresses. */
      priority,
      /** After a wrong password or code: the address's later attempts wait behind clean addresses' for a while. */
      failed() {
        recentFailures.set(address, true);
      },
      /**
       * After the right password or code. The browser is sent a new device cookie once the sign-in is complete
       * (areas/accounts/sign-in-flow.ts): a sign-in that still owes its second factor makes no browser known.
       */
      async succeeded() {
        // An unknown browser's success clears the account's count, as before device cookies (decision 0020). A
        // device's success clears nothing: lifting the account's lock would hand a guesser five more guesses
        // whenever the owner signs in, and the browser is given a new nonce, whose count starts at zero, while a
        // copy of its old cookie keeps its count until the window ends.
        if (unknownBrowserKey) await limiter.clear(unknownBrowserKey);
      },
    };
  }
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
