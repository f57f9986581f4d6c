import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Refresh tokens at rest (decision 0093): AES-256-GCM under GOOGLE_TOKEN_KEY, which is configuration and never in the
 * database, so a copy of the database alone holds no usable grant. Stored as `v1.<iv>.<tag>.<sealed>` (base64url).
 */
export function tokenSealer(key: Buffer) {
  return {
    seal(token: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'))].join('.');
    },
    /** The token, or null when the text was sealed with another key or is damaged (the grant must be made again). */
    unseal(stored: string): string | null {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || sealed === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type TokenSealer = ReturnType<typeof tokenSealer>;
