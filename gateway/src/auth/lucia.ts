import { Lucia } from 'lucia';
import type { Role } from '@agency/contracts';
import type { Db } from '../db';
import { drizzleSessionAdapter } from './session-adapter';

export function createLucia(db: Db, publicOrigin: string) {
  const secure = publicOrigin.startsWith('https://');
  return new Lucia(drizzleSessionAdapter(db), {
    sessionCookie: {
      // `__Host-` binds the cookie to this exact origin over HTTPS (no Domain, Path=/, Secure).
      name: secure ? '__Host-session' : 'session',
      attributes: { secure, sameSite: 'lax' },
    },
    getUserAttributes: (a) => ({ username: a.username, email: a.email, role: a.role }),
  });
}

export type Auth = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: Auth;
    UserId: number;
    DatabaseUserAttributes: { username: string; email: string; role: Role };
  }
}
