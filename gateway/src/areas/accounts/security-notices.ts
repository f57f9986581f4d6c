import { BUSINESS, formatNzDateTime, type Role } from '@agency/contracts';
import type { OutgoingEmail } from '../../platform/mail/mailer';

/**
 * What changed about who can get into an account, or what it may do (decision 0083). Each is told to the account's
 * owner at their address on record, whoever made the change, so a change they did not make is noticed. These are
 * transactional: they carry no unsubscribe, and nothing a stranger typed.
 */
export type SecurityChange =
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string }
  | { kind: 'app-added' }
  | { kind: 'recovery-codes' }
  | { kind: 'second-step'; on: boolean }
  | { kind: 'factors-reset'; by: string; staff: boolean }
  | { kind: 'role'; from: Role; to: Role; by: string }
  | { kind: 'access'; enabled: boolean; by: string }
  | { kind: 'staff-created'; role: Role; by: string };

const ROLE_WORDS: Record<Role, string> = { client: 'a client', admin: 'an admin', master_admin: 'a master admin' };

function describe(change: SecurityChange): { subject: string; what: string; then: string } {
  switch (change.kind) {
    case 'passkey-added':
      return {
        subject: 'A passkey was added to your account',
        what: `A passkey named "${change.name}" was added to your account. It can now sign you in.`,
        then: 'If you did not add it, remove it under Security in your dashboard and change your password.',
      };
    case 'passkey-removed':
      return {
        subject: 'A passkey was removed from your account',
        what: `The passkey named "${change.name}" was removed from your account. It no longer signs you in.`,
        then: 'If you did not remove it, change your password and check Security in your dashboard.',
      };
    case 'app-added':
      return {
        subject: 'An authenticator app was set up on your account',
        what: 'An authenticator app was set up on your account; its codes are now asked for after your password.',
        then: 'If you did not set it up, contact us at once: someone may know your password.',
      };
    case 'recovery-codes':
      return {
        subject: 'New recovery codes for your account',
        what: 'New recovery codes were made for your account. The earlier ones no longer work.',
        then: 'If you did not ask for them, change your password and check Security in your dashboard.',
      };
    case 'second-step':
      return change.on
        ? {
            subject: 'Your sign-in now asks for a passkey or code',
            what: 'Your sign-in now asks for a passkey or a code after your password. Keep your recovery codes safe: they are your way in without the passkey.',
            then: 'If you did not turn this on, check Security in your dashboard and change your password.',
          }
        : {
            subject: 'Your sign-in no longer asks for a passkey or code',
            what: 'Your sign-in no longer asks for a passkey or a code after your password. Your passkeys still sign you in.',
            then: 'If you did not turn this off, check Security in your dashboard and change your password.',
          };
    case 'factors-reset':
      return {
        subject: 'Your second factors were reset',
        what: change.staff
          ? `${change.by} reset your account's second factors: your authenticator app, recovery codes and passkeys were removed and you were signed out everywhere. You will set up an authenticator app at your next sign-in.`
          : `${change.by} reset your account's second factors: your passkeys, authenticator app and recovery codes were removed and you were signed out everywhere. Your password alone signs you in now.`,
        then: 'If you did not ask for this, contact us.',
      };
    case 'role':
      return {
        subject: 'Your role has changed',
        what: `${change.by} changed your account from ${ROLE_WORDS[change.from]} to ${ROLE_WORDS[change.to]}. You were signed out and sign in again under the new role.`,
        then: 'If you did not expect this, contact us.',
      };
    case 'access':
      return change.enabled
        ? {
            subject: 'Your account is enabled again',
            what: `${change.by} enabled your account again: you can sign in with your password.`,
            then: 'If you did not expect this, contact us.',
          }
        : {
            subject: 'Your account was disabled',
            what: `${change.by} disabled your account: you were signed out everywhere and cannot sign in until it is enabled again. Nothing of yours was deleted.`,
            then: 'If you did not expect this, contact us.',
          };
    case 'staff-created':
      return {
        subject: `A ${BUSINESS.name} staff account was made for you`,
        what: `${change.by} made a staff account for you, as ${ROLE_WORDS[change.role]}. Sign in with the password they gave you; you will set up an authenticator app at your first sign-in.`,
        then: 'If you were not expecting this, contact us.',
      };
  }
}

/** The e-mail telling an account's owner what changed, when, and what to do if it was not them or expected. */
export function securityNotice(
  to: string,
  username: string,
  change: SecurityChange,
  at: Date,
  { security, supportEmail }: { security: string; supportEmail: string },
): OutgoingEmail {
  const { subject, what, then } = describe(change);
  return {
    to,
    subject: `${subject} (${BUSINESS.name})`,
    text: [
      `Kia ora ${username},`,
      '',
      `${what} (${formatNzDateTime(at)}, New Zealand time)`,
      '',
      `${then} Security: ${security}`,
      `Questions? Write to ${supportEmail}.`,
    ].join('\n'),
  };
}
