import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

/**
 * Codes of an authenticator app, computed as the app would (RFC 6238: 30-second steps, six digits), for tests that
 * sign staff in (decision 0061). The gateway accepts each step once per account, so this remembers, per key, the
 * last step it gave, and gives the next one of the ±1 window (waiting for a new step when all three are used).
 */
const STEP_MS = 30_000;
const lastStep = new Map<string, number>();

/** The key of a base32 secret as an app reads it (RFC 4648, no padding; spaces and case as typed). */
export const fromBase32 = (text: string): Uint8Array =>
  decodeBase32IgnorePadding(text.replace(/\s/g, '').toUpperCase());

/** The next unused code of the app whose key is `secret` (base32). */
export async function nextCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / STEP_MS);
    // From the current step on: a code of the step before would fail if a new step began before the gateway checks it.
    const step = Math.max(now, (lastStep.get(secret) ?? 0) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return generateHOTP(fromBase32(secret), BigInt(step), 6);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 50));
  }
}

/** The authenticator-app keys tests have set up or been given, by username, within this worker. */
export const appKeys = new Map<string, string>();
