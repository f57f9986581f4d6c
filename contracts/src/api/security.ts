import { z } from 'zod';
import { IdParamSchema } from '../schemas/queries';
import { MessageSchema } from '../schemas/common';
import { SignedInSchema, UserSchema } from '../schemas/auth';
import {
  ConfirmPasswordSchema,
  PasskeyAssertionSchema,
  PasskeyIdParamSchema,
  PasskeyOptionsSchema,
  PasskeyRegistrationSchema,
  PasskeySchema,
  RecoveryCodesSchema,
  SecondFactorCodeSchema,
  SecondFactorStepSchema,
  SecondStepAnswerSchema,
  SecondStepSchema,
  SecurityOverviewSchema,
  SessionIdParamSchema,
  SessionListSchema,
  TotpConfirmedSchema,
  TotpSetupQuerySchema,
  TotpSetupSchema,
} from '../schemas/security';
import type { Endpoint } from './endpoint';

// Second factors, passkeys and sessions (decisions 0061, 0062 and 0083). The sign-in steps are `anyone` in the
// table: the gateway lets through only a session whose password was checked (or a signed-in one, for a step-up).
// Adding or removing a factor is a step-up action: a pending sign-in setting up its first app has just proved the
// password of an account with no factor, which is what its step-up asks for.

/**
 * Sets up the authenticator app (only while the account has no confirmed app): its key, as a QR code and as text.
 * The same session asking again (a reload) gets the same key; `?replace=1` makes a new one.
 */
export const totpSetup = {
  method: 'POST',
  path: '/api/auth/totp/setup',
  access: 'anyone',
  query: TotpSetupQuerySchema,
  signIn: true,
  answer: TotpSetupSchema,
  stepUp: true,
} as const satisfies Endpoint;

/** The first code from the app confirms it: ten recovery codes (shown once), and the sign-in completes. */
export const totpConfirm = {
  method: 'POST',
  path: '/api/auth/totp/confirm',
  access: 'anyone',
  signIn: true,
  body: SecondFactorCodeSchema,
  answer: TotpConfirmedSchema,
  stepUp: true,
} as const satisfies Endpoint;

/**
 * The step a pending sign-in still owes, so a page reloaded mid sign-in resumes it; null when none is pending (not a
 * 401: the sign-in page asks on every visit, and a refusal would be a console error there).
 */
export const pendingSignIn = {
  method: 'GET',
  path: '/api/auth/second-factor',
  access: 'anyone',
  signIn: true,
  answer: /* @__PURE__ */ SecondFactorStepSchema.nullable(),
} as const satisfies Endpoint;

/** The password again: renews the step-up of an account that is not asked for a second factor. */
export const confirmPassword = {
  method: 'POST',
  path: '/api/auth/confirm-password',
  access: 'signed-in',
  body: ConfirmPasswordSchema,
  answer: UserSchema,
} as const satisfies Endpoint;

/** A code (app or recovery): completes a pending sign-in, or refreshes a signed-in session's step-up. */
export const secondFactor = {
  method: 'POST',
  path: '/api/auth/second-factor',
  access: 'anyone',
  signIn: true,
  body: SecondFactorCodeSchema,
  answer: SignedInSchema,
} as const satisfies Endpoint;

/** Options of a passkey assertion: for a pending sign-in or a step-up (that account's keys) or passwordless. */
export const passkeyOptions = {
  method: 'POST',
  path: '/api/auth/passkey/options',
  access: 'anyone',
  signIn: true,
  answer: PasskeyOptionsSchema,
} as const satisfies Endpoint;

/** A passkey's assertion: signs in (passwordless), completes a pending sign-in, or refreshes a step-up. */
export const passkeySignIn = {
  method: 'POST',
  path: '/api/auth/passkey',
  access: 'anyone',
  signIn: true,
  body: PasskeyAssertionSchema,
  answer: SignedInSchema,
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

/** Begins adding a passkey: asked for the step-up before the device is, so nobody touches their key twice. */
export const passkeyRegistrationOptions = {
  method: 'POST',
  path: '/api/account/passkeys/options',
  access: 'signed-in',
  answer: PasskeyOptionsSchema,
  stepUp: true,
} as const satisfies Endpoint;

export const addPasskey = {
  method: 'POST',
  path: '/api/account/passkeys',
  access: 'signed-in',
  body: PasskeyRegistrationSchema,
  answer: PasskeySchema,
  status: [201],
  stepUp: true,
} as const satisfies Endpoint;

export const removePasskey = {
  method: 'DELETE',
  path: '/api/account/passkeys/:id',
  access: 'signed-in',
  params: PasskeyIdParamSchema,
  answer: MessageSchema,
  stepUp: true,
} as const satisfies Endpoint;

/**
 * A client turns on being asked for a passkey or code after the password (only with a factor and unused recovery
 * codes), or turns it off. Staff are always asked.
 */
export const secondStep = {
  method: 'PUT',
  path: '/api/account/second-step',
  access: 'signed-in',
  body: SecondStepSchema,
  answer: SecondStepAnswerSchema,
  stepUp: true,
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

/**
 * A master admin clears another account's factors (audited; the owner is e-mailed): staff set up an app again at their
 * next sign-in, a client signs in with the password alone.
 */
export const resetSecondFactor = {
  method: 'POST',
  path: '/api/admin/users/:id/reset-second-factor',
  access: 'master-admin',
  params: IdParamSchema,
  answer: MessageSchema,
  stepUp: true,
} as const satisfies Endpoint;
