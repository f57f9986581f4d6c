import { z } from 'zod';
import { SignedInSchema } from './auth';

/**
 * Second factors, passkeys and sessions (decisions 0061 and 0062). A sign-in of an account that has a
 * second factor (every staff account must) answers with the step still owed instead of the user.
 */
export const SecondFactorStepSchema = z.object({
  /** `verify`: a code or a passkey is owed; `enrol`: a staff account without a factor must set up an app first. */
  secondFactor: z.enum(['verify', 'enrol']),
  /** Which factors the account has, so the form offers those. */
  totp: z.boolean(),
  passkeys: z.boolean(),
});
export type SecondFactorStep = z.infer<typeof SecondFactorStepSchema>;

/** What a password sign-in answers: the user when it is complete, else the second step. */
export const LoginAnswerSchema = z.union([SignedInSchema, SecondFactorStepSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** A six-digit code of the authenticator app, or one of the recovery codes (spaces and hyphens ignored). */
export const SecondFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app or a recovery code' })
    .trim()
    .min(1, { error: 'Enter the code from your authenticator app or a recovery code' })
    .max(40, { error: 'That code is too long: enter the six digits from your app or a recovery code' }),
});
export type SecondFactorCodeInput = z.infer<typeof SecondFactorCodeSchema>;

/** The app's key, to scan (a QR code as an image address) or type (base32), during enrolment. */
export const TotpSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qrCode: z.string(),
});

/** A completed enrolment: the ten recovery codes, shown this once, and the user now signed in. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const TotpConfirmedSchema = RecoveryCodesSchema.extend({ user: SignedInSchema });

/** Options and answers of the WebAuthn ceremonies are the browser library's JSON, checked by the server library. */
const WebAuthnJsonSchema = z.record(z.string(), z.unknown());
export const PasskeyOptionsSchema = WebAuthnJsonSchema;
export const PasskeyAssertionSchema = z.object({
  response: z.object({ id: z.string().max(1400), rawId: z.string().max(1400) }).loose(),
});

export const PasskeyNameSchema = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, { error: 'Give the passkey a name' })
  .max(60, { error: 'A passkey name can be at most 60 characters' });
export const PasskeyRegistrationSchema = PasskeyAssertionSchema.extend({ name: PasskeyNameSchema });

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** The account's factors, as the Security panel shows them. */
export const SecurityOverviewSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(PasskeySchema),
  /** Staff must keep a factor: the last one cannot be removed, and the second step cannot be turned off. */
  secondFactorRequired: z.boolean(),
  /**
   * Whether a password sign-in asks for a passkey or code next (decision 0083): always for staff, for a client only
   * when they chose it with recovery codes saved. It also says what a step-up asks for: a second factor when on, the
   * password (or a passkey) when off.
   */
  secondStep: z.boolean(),
});
export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;

export const SessionInfoSchema = z.object({
  id: z.string(),
  /** "Chrome on Linux", from the browser's User-Agent at sign-in. */
  browser: z.string(),
  device: z.string(),
  address: z.string(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.object({ items: z.array(SessionInfoSchema) });

/** A session's id as the list gives it (the stored hash, never the cookie's token). */
export const SessionIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, { error: 'That is not a session of this account' }),
});
export const PasskeyIdParamSchema = z.object({
  id: z.string().regex(/^[\w-]{1,1400}$/, { error: 'That is not a passkey of this account' }),
});

/** A client turns the second step of their sign-in on (with a factor and saved recovery codes) or off. */
export const SecondStepSchema = z.object({
  on: z.boolean({ error: 'Say whether to turn the second step on or off' }),
});
export const SecondStepAnswerSchema = z.object({ message: z.string(), secondStep: z.boolean() });

/** The password again, for a step-up of an account that is not asked for a second factor (decision 0083). */
export const ConfirmPasswordSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(200, {
    error: 'That password is too long',
  }),
});

/** `?replace=1` asks for a new key on purpose; without it, the setup this session began keeps its key (a reload). */
export const TotpSetupQuerySchema = z.object({
  replace: z.enum(['1'], { error: 'replace can only be 1' }).optional(),
});
