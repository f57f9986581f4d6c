import { createCipheriv, createDecipheriv, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { and, count, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { BUSINESS } from '@agency/contracts';
import { recoveryCodes, totpFactors, type Db } from '../../platform/db';
import { sharedSecret } from '../../platform/db/shared-secret';

/** RFC 6238 as every authenticator app reads it: 30-second steps, six digits, HMAC-SHA1, a 160-bit key. */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
/** Codes of the step before and the step after now are accepted too: a phone's clock a little off, a slow typist. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const SIX_DIGITS = /^\d{6}$/;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/** The code of `key` at a step (the tests and the demo seed compute codes with it too). */
export const totpCode = (key: Uint8Array, step: number) => generateHOTP(key, BigInt(step), DIGITS);

/** A recovery code: ten characters of an alphabet without look-alikes (about 49 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** Stored and compared as the SHA-256 of the code without spaces or hyphens, in lower case. */
const recoveryHash = (code: string) => hash('sha256', code.replace(/[\s-]/g, '').toLowerCase(), 'hex');

export type CodeCheck = 'accepted' | 'used' | 'wrong';

/**
 * The authenticator apps and recovery codes of accounts (decision 0061). A key is sealed with AES-256-GCM under the
 * `totp-secrets` key every gateway on the database shares, so a copy of the factors table alone (an export, a table
 * dump) gives no codes; a copy of the whole database does, as it does the device-cookie key.
 */
export function totpFactorsOf(db: Db) {
  const sealingKey = sharedSecret(db, 'totp-secrets');

  async function seal(key: Uint8Array) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await sealingKey(), iv);
    const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }
  async function unseal(stored: string): Promise<Uint8Array> {
    const [, iv, tag, sealed] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', await sealingKey(), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(sealed!), decipher.final()]);
  }

  /** The step among now and its neighbours whose code `code` is, or null. */
  function matchingStep(key: Uint8Array, code: string, now: number): number | null {
    const current = stepAt(now);
    for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
      if (timingSafeEqual(Buffer.from(totpCode(key, step)), Buffer.from(code))) return step;
    }
    return null;
  }

  /**
   * Takes `code` at `step` for good: one statement moves the account's last accepted step past it, only if it is not
   * there already, so a code (or an older one) is accepted once, even by two gateways at the same instant.
   */
  async function claimStep(userId: number, step: number, confirming: boolean) {
    const rows = await db
      .update(totpFactors)
      .set(confirming ? { lastStep: step, confirmedAt: new Date() } : { lastStep: step })
      .where(
        and(
          eq(totpFactors.userId, userId),
          lt(totpFactors.lastStep, step),
          confirming ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return rows.length > 0;
  }

  return {
    /**
     * Gives an account a confirmed app with this key, replacing any it had (the demo seed, tests). An operator's
     * accounts get theirs by enrolling.
     */
    async install(userId: number, key: Uint8Array) {
      const secret = await seal(key);
      const confirmed = { secret, confirmedAt: new Date(), lastStep: 0 };
      await db
        .insert(totpFactors)
        .values({ userId, ...confirmed })
        .onConflictDoUpdate({ target: totpFactors.userId, set: confirmed });
    },

    /** The key of an account's confirmed app, or null (the demo seed prints it again). */
    async keyOf(userId: number): Promise<Uint8Array | null> {
      const [row] = await db
        .select()
        .from(totpFactors)
        .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
      return row ? unseal(row.secret) : null;
    },

    /** Whether the account has a confirmed app. */
    async hasApp(userId: number) {
      const [row] = await db
        .select({ userId: totpFactors.userId })
        .from(totpFactors)
        .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
      return row !== undefined;
    },

    /**
     * The key of an account's app setup (no confirmed app yet). The session that began the setup (`session`, its
     * stored id) is given the same key again, so a page reloaded after scanning it still confirms (decision 0083);
     * any other session, or `replace`, gets a new key, which voids the old one: a key shown to whoever had the
     * password earlier never becomes the owner's. Null when the account has a confirmed app: replacing it takes a
     * master admin's reset.
     */
    async begin(userId: number, accountName: string, session: string, { replace = false } = {}) {
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
      if (row?.confirmedAt) return null;
      let key: Uint8Array;
      if (row && !replace && row.setupSession === session) key = await unseal(row.secret);
      else {
        key = randomBytes(20);
        const secret = await seal(key);
        const fresh = { secret, lastStep: 0, setupSession: session, createdAt: new Date() };
        // Only while no app is confirmed: a confirmation racing this keeps its key.
        const written = await db
          .insert(totpFactors)
          .values({ userId, ...fresh })
          .onConflictDoUpdate({ target: totpFactors.userId, set: fresh, setWhere: isNull(totpFactors.confirmedAt) })
          .returning({ userId: totpFactors.userId });
        if (written.length === 0) return null;
      }
      const uri = createTOTPKeyURI(BUSINESS.name, accountName, key, TOTP_STEP_SECONDS, DIGITS);
      return { uri, secret: new URL(uri).searchParams.get('secret')! };
    },

    /**
     * Checks a six-digit code against the account's app (`confirming`: the unconfirmed one being set up, which the
     * code confirms). `used`: right, but a code of that step or a later one was accepted already.
     */
    async checkCode(userId: number, code: string, { confirming = false, now = Date.now() } = {}): Promise<CodeCheck> {
      if (!SIX_DIGITS.test(code)) return 'wrong';
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
      if (!row || (row.confirmedAt === null) !== confirming) return 'wrong';
      const step = matchingStep(await unseal(row.secret), code, now);
      if (step === null) return 'wrong';
      return (await claimStep(userId, step, confirming)) ? 'accepted' : 'used';
    },

    /** Uses up a recovery code of the account: true once per code. */
    async useRecoveryCode(userId: number, code: string) {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.codeHash, recoveryHash(code)),
            eq(recoveryCodes.userId, userId),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ userId: recoveryCodes.userId });
      return rows.length > 0;
    },

    /**
     * Ten new recovery codes, replacing every earlier one: the codes themselves are returned this once. `when`: only if
     * this condition holds as the codes are written (checked by the statements themselves), else null and nothing
     * changes. `alongside` runs in the same batch, after the insert (an audit row).
     */
    async newRecoveryCodes(
      userId: number,
      { when = sql`1`, alongside = [] }: { when?: SQL; alongside?: BatchItem<'sqlite'>[] } = {},
    ): Promise<string[] | null> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = JSON.stringify(codes.map(recoveryHash));
      const [, inserted] = await db.batch([
        db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), when)),
        db.run(sql`insert into ${recoveryCodes} ("codeHash", "userId")
          select value, ${userId} from json_each(${hashes}) where ${when}`),
        ...alongside,
      ]);
      return inserted.rowsAffected > 0 ? codes : null;
    },

    async recoveryCodesLeft(userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
  };
}

export type TotpFactors = ReturnType<typeof totpFactorsOf>;

/** Whether what was typed looks like an app's code (six digits) rather than a recovery code. */
export const isAppCode = (code: string) => SIX_DIGITS.test(code.replace(/\s/g, ''));

/** RFC 4648 base32 without padding: how apps take a key typed by hand. */
export const base32 = (bytes: Uint8Array): string => encodeBase32UpperCaseNoPadding(bytes);
