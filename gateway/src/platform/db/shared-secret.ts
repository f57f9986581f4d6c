import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { signingKeys } from './schema';

/**
 * A secret key by `name`, the same for every gateway on this database and across restarts: the first instance to
 * ask stores 32 random bytes, and every instance (that one too) reads back whichever was stored first, so two
 * instances starting together still agree. Read once per process; a failed read is tried again on the next call.
 */
export function sharedSecret(db: Db, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  const load = async () => {
    await db
      .insert(signingKeys)
      .values({ name, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, name));
    if (!row) throw new Error(`signing key ${name} is missing`);
    return Buffer.from(row.secret, 'base64url');
  };
  return () => {
    key ??= load().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
