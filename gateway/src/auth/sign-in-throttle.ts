import type { Context } from 'hono';
import { identityKey } from '@agency/contracts';
import { LIMITS, type Limit, type RateLimiter } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { DeviceCookies } from './device-cookie';

/** The counters of one account's password checks, by its identity key (decisions 0020 and 0051). */
const KEYS = {
  account: (account: string) => `login:user:${account}`,
  device: (account: string, nonce: string) => `login:device:${account}:${nonce}`,
  devicesOf: (account: string) => `login:device:${account}:`,
  passwordChange: (userId: number) => `password:user:${userId}`,
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
  return {
    passwordChangeKey: KEYS.passwordChange,

    /**
     * Counts one sign-in attempt for the name typed, before the password is checked (decision 0020). A device
     * past its own limit is refused, not treated as an unknown browser: its cookie is trusted again when its window
     * ends. `succeeded`, after the right password, sends the browser a new device cookie for the account.
     */
    async attempt(c: Context, username: string) {
      const account = identityKey(username);
      const nonce = await devices.deviceOf(c, account);
      const own: [string, Limit] = nonce
        ? [KEYS.device(account, nonce), LIMITS.loginPerDevice]
        : [KEYS.account(account), LIMITS.loginPerAccount];
      const address = addressCounter(c);
      const verdict = await limiter.hit(own, [address, LIMITS.loginPerIp]);
      for (const key of verdict.crossed) {
        const lock = key === address ? 'address' : nonce ? 'device' : 'account';
        // Once per lock and window: an operator sees which account is being guessed at, and from how wide.
        logger.warn('sign-in locked', { lock, account, key, minutes: Math.ceil(verdict.retryAfterSeconds / 60) });
      }
      return {
        ...verdict,
        async succeeded() {
          // An unknown browser's success clears the account's count, as before device cookies (decision 0020). A
          // device's success clears nothing: lifting the account's lock would hand a guesser five more guesses
          // whenever the owner signs in, and the browser is given a new nonce, whose count starts at zero, while a
          // copy of its old cookie keeps its count until the window ends.
          if (!nonce) await limiter.clear(own[0]);
          await devices.issue(c, account);
        },
      };
    },

    /**
     * The statement that lifts every lock of an account (unknown browsers, each device, password change), for the
     * batch of a completed password reset: whoever holds the reset link owns the account.
     */
    lift: (username: string, userId: number) =>
      limiter.forget(
        [KEYS.account(identityKey(username)), KEYS.passwordChange(userId)],
        [KEYS.devicesOf(identityKey(username))],
      ),
  };
}
