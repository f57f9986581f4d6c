import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults are argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1).
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throwaway hash when there is no such user, so an unknown
 * username costs the same time as a wrong password and answers cannot be told apart by timing.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
