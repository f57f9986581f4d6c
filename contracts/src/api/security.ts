import { z } from 'zod';
import { IdParamSchema } from '../schemas/queries';
import { MessageSchema } from '../schemas/common';
import { UserSchema } from '../schemas/auth';
import {
  PasskeyAssertionSchema,
  PasskeyIdParamSchema,
  PasskeyOptionsSchema,
  PasskeyRegistrationSchema,
  PasskeySchema,
  RecoveryCodesSchema,
  SecondFactorCodeSchema,
  SecurityOverviewSchema,
  SessionIdParamSchema,
  SessionListSchema,
  TotpConfirmedSchema,
  TotpSetupSchema,
} from '../schemas/security';
import type { Endpoint } from './endpoint';

// Second factors, passkeys and sessions (decisions 0061 and 0062). The sign-in steps are `anyone` in the
// table: the gateway lets through only a session whose password was checked (or a signed-in one, for a step-up).

/** Sets up the authenticator app: a new key, as a QR code and as text (only while the account has no confirmed app). */
export const totpSetup = {
  method: 'POST',
  path: '/api/auth/totp/setup',
  access: 'anyone',
  answer: TotpSetupSchema,
} as const satisfies Endpoint;

/** The first code from the app confirms it: ten recovery codes (shown once), and the sign-in completes. */
export const totpConfirm = {
  method: 'POST',
  path: '/api/auth/totp/confirm',
  access: 'anyone',
  body: SecondFactorCodeSchema,
  answer: TotpConfirmedSchema,
} as const satisfies Endpoint;

/** A code (app or recovery): completes a pending sign-in, or refreshes a signed-in session's step-up. */
export const secondFactor = {
  method: 'POST',
  path: '/api/auth/second-factor',
  access: 'anyone',
  body: SecondFactorCodeSchema,
  answer: UserSchema,
} as const satisfies Endpoint;

/** Options of a passkey assertion: for a pending sign-in or a step-up (that account's keys) or passwordless. */
export const passkeyOptions = {
  method: 'POST',
  path: '/api/auth/passkey/options',
  access: 'anyone',
  answer: PasskeyOptionsSchema,
} as const satisfies Endpoint;

/** A passkey's assertion: signs in (passwordless), completes a pending sign-in, or refreshes a step-up. */
export const passkeySignIn = {
  method: 'POST',
  path: '/api/auth/passkey',
  access: 'anyone',
  body: PasskeyAssertionSchema,
  answer: UserSchema,
} as const satisfies Endpoint;

export const securityOverview = {
  method: 'GET',
  path: '/api/account/security',
  access: 'signed-in',
  answer: SecurityOverviewSchema,
} as const satisfies Endpoint;

/** Ten new recovery codes; the old ones stop working. */
export const newRecoveryCodes = {
  method: 'POST',
  path: '/api/account/recovery-codes',
  access: 'signed-in',
  answer: RecoveryCodesSchema,
  stepUp: true,
} as const satisfies Endpoint;

export const passkeyRegistrationOptions = {
  method: 'POST',
  path: '/api/account/passkeys/options',
  access: 'signed-in',
  answer: PasskeyOptionsSchema,
} as const satisfies Endpoint;

export const addPasskey = {
  method: 'POST',
  path: '/api/account/passkeys',
  access: 'signed-in',
  body: PasskeyRegistrationSchema,
  answer: PasskeySchema,
  status: [201],
} as const satisfies Endpoint;

export const removePasskey = {
  method: 'DELETE',
  path: '/api/account/passkeys/:id',
  access: 'signed-in',
  params: PasskeyIdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const accountSessions = {
  method: 'GET',
  path: '/api/account/sessions',
  access: 'signed-in',
  answer: SessionListSchema,
} as const satisfies Endpoint;

export const endSession = {
  method: 'DELETE',
  path: '/api/account/sessions/:id',
  access: 'signed-in',
  params: SessionIdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const endOtherSessions = {
  method: 'POST',
  path: '/api/account/sessions/end-others',
  access: 'signed-in',
  answer: z.object({ message: z.string(), ended: z.number().int() }),
} as const satisfies Endpoint;

/** A master admin clears a staff member's factors (audited); they enrol again at their next sign-in. */
export const resetSecondFactor = {
  method: 'POST',
  path: '/api/admin/users/:id/reset-second-factor',
  access: 'master-admin',
  params: IdParamSchema,
  answer: MessageSchema,
  stepUp: true,
} as const satisfies Endpoint;
