import { generateHOTP } from '@oslojs/otp';

/**
 * Codes of an authenticator app, computed as the app would (RFC 6238: 30-second steps, six digits), for tests that
 * sign staff in (decision 0061). The gateway accepts each step once per account, so this remembers, per key, the
 * last step it gave, and gives the next one of the ±1 window (waiting for a new step when all three are used).
 */
const STEP_MS = 30_000;
const lastStep = new Map<string, number>();

export function fromBase32(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/\s/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(bytes);
}

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
