import { Cookie, generateIdFromEntropySize } from 'lucia';
import type { Role } from '@agency/contracts';
import type { Db } from '../db';
import { checkSession, endsAt, SESSION_LIMITS } from './session-policy';
import { sessionStore, type SessionDetails } from './session-store';

/** A sign-in that checked the password but still owes its second factor ends after this (decision 0061). */
export const PENDING_SIGN_IN_MS = 10 * 60_000;

const isStaffRole = (role: Role) => role !== 'client';

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: Role;
}

export interface Session {
  /** The raw id from the cookie (only its hash is stored). */
  id: string;
  userId: number;
  expiresAt: Date;
  /** When this session last proved a second factor; null: the password alone (decision 0061). */
  secondFactorAt: Date | null;
  /** When this session last proved the password; null: signed in by a passkey alone (decision 0083). */
  passwordAt: Date | null;
  /**
   * Whether the account is asked for a second factor after its password (staff; a client who chose it): then only a
   * recent second factor passes a step-up, never the password.
   */
  secondStep: boolean;
}

/**
 * A session that owes a second factor: one whose sign-in checked only the password, or a staff member's that never
 * proved one (a client promoted to staff, a session from before second factors). It opens nothing but the
 * second-factor endpoints.
 */
export interface PendingSignIn {
  user: SessionUser;
  session: Session;
}

export interface Validated {
  user: SessionUser | null;
  session: Session | null;
  pending?: PendingSignIn;
  /** A cookie to send back: a new expiry after a recorded use, or a blank one when the session ran out now. */
  cookie?: Cookie;
}

/**
 * Sessions with per-role idle and absolute limits (decision 0021). Lucia v3 (deprecated by its author, who now
 * recommends owning this code) gives the id generator and the cookie; its own `validateSession` knows one sliding
 * lifetime for everyone and was replaced by `checkSession`. The cookie's Max-Age is the session's own end.
 */
export function createSessions(db: Db, portalOrigin: string) {
  const store = sessionStore(db);
  const secure = portalOrigin.startsWith('https://');
  // `__Host-` binds the cookie to this exact origin over HTTPS (no Domain, Path=/, Secure).
  const cookieName = secure ? '__Host-session' : 'session';
  const cookie = (value: string, maxAgeSeconds: number) =>
    new Cookie(cookieName, value, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: maxAgeSeconds });
  const cookieUntil = (token: string, expiresAt: number, now: number) =>
    cookie(token, Math.max(0, Math.floor((expiresAt - now) / 1000)));

  return {
    cookieName,

    /**
     * A new session for a user who just proved who they are, with its cookie. A `pending` one (the password checked,
     * the second factor owed) ends after PENDING_SIGN_IN_MS and is never extended.
     */
    async create(
      user: { id: number; role: Role; secondStepAt?: Date | null },
      details: SessionDetails,
    ): Promise<{ session: Session; cookie: Cookie }> {
      // 25 random bytes (200 bits), base32: Lucia's session id.
      const token = generateIdFromEntropySize(25);
      const now = Date.now();
      const expiresAt = details.pending ? now + PENDING_SIGN_IN_MS : endsAt(SESSION_LIMITS[user.role], now, now);
      await store.create(token, user.id, new Date(now), new Date(expiresAt), details);
      return {
        session: {
          id: token,
          userId: user.id,
          expiresAt: new Date(expiresAt),
          secondFactorAt: details.secondFactorAt,
          passwordAt: details.passwordAt,
          secondStep: isStaffRole(user.role) || Boolean(user.secondStepAt),
        },
        cookie: cookieUntil(token, expiresAt, now),
      };
    },

    /** Records a second factor proved now in a signed-in session (a step-up). */
    proveSecondFactor: (token: string, at: Date) => store.proveSecondFactor(token, at),
    /** Records the password proved again in a signed-in session (decision 0083). */
    provePassword: (token: string, at: Date) => store.provePassword(token, at),

    /** The session and user of a cookie's id: one indexed read, and a write only when a use is due to be recorded. */
    async validate(token: string): Promise<Validated> {
      const row = await store.find(token);
      // No row: revoked, signed out elsewhere, or a request that left before a sign-in replaced this cookie and
      // arrived after. Nothing is sent back: a blank cookie on that late answer would sign out the new session.
      // The browser learns of a real end from the 401 of its session read (decision 0102).
      if (!row) return { user: null, session: null };
      const now = Date.now();
      const user = { id: row.userId, username: row.username, email: row.email, role: row.role };
      const owesFactor = row.pending || (isStaffRole(row.role) && !row.secondFactorAt);
      const proofs = {
        secondFactorAt: row.secondFactorAt,
        passwordAt: row.passwordAt,
        secondStep: isStaffRole(row.role) || row.secondStepAt !== null,
      };
      if (owesFactor && now < row.expiresAt.getTime()) {
        const session = { id: token, userId: row.userId, expiresAt: row.expiresAt, ...proofs };
        return { user: null, session: null, pending: { user, session } };
      }
      const verdict = checkSession(
        { lastUsedAt: row.lastUsedAt.getTime(), expiresAt: row.expiresAt.getTime() },
        row.role,
        now,
      );
      const expiresAt =
        verdict === 'touch' ? await store.touch(token, now, SESSION_LIMITS[row.role]) : row.expiresAt.getTime();
      if (verdict === 'ended' || expiresAt === undefined || expiresAt <= now) {
        await store.delete(token);
        return { user: null, session: null, cookie: cookie('', 0) };
      }
      return {
        user,
        session: { id: token, userId: row.userId, expiresAt: new Date(expiresAt), ...proofs },
        cookie: verdict === 'touch' ? cookieUntil(token, expiresAt, now) : undefined,
      };
    },

    /** Ends one session (sign-out, or a new sign-in replacing it). */
    end: (token: string) => store.delete(token),

    /** The cookie that removes the session cookie from the browser. */
    blankCookie: () => cookie('', 0),
  };
}

export type Auth = ReturnType<typeof createSessions>;
