import {
  AccountSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  InviteSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  RoleChangeSchema,
  UserSchema,
} from '../schemas/auth';
import { LoginAnswerSchema } from '../schemas/security';
import { MessageSchema, OptionalMessageSchema, pageOf } from '../schemas/common';
import { IdParamSchema, PageQuerySchema } from '../schemas/queries';
import type { Endpoint } from './endpoint';

// Sign-in, accounts and roles (site-and-accounts §5-§7). Entries are plain objects so a bundle keeps only those it
// calls.

export const currentUser = {
  method: 'GET',
  path: '/api/auth/user',
  access: 'signed-in',
  answer: UserSchema,
} as const satisfies Endpoint;

export const login = {
  method: 'POST',
  path: '/api/login',
  access: 'anyone',
  signIn: true,
  body: LoginSchema,
  answer: LoginAnswerSchema,
} as const satisfies Endpoint;

/** Anyone registers a client; only a master admin, with a fresh second factor, registers staff. */
export const register = {
  method: 'POST',
  path: '/api/register',
  access: 'anyone',
  signIn: true,
  body: RegisterSchema,
  answer: UserSchema,
  status: [201],
  stepUp: 'staff-role',
} as const satisfies Endpoint;

export const logout = {
  method: 'POST',
  path: '/api/logout',
  access: 'anyone',
  signIn: true,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const changePassword = {
  method: 'POST',
  path: '/api/change-password',
  access: 'signed-in',
  body: ChangePasswordSchema,
  answer: OptionalMessageSchema,
} as const satisfies Endpoint;

export const forgotPassword = {
  method: 'POST',
  path: '/api/forgot-password',
  access: 'anyone',
  signIn: true,
  body: ForgotPasswordSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const resetPassword = {
  method: 'POST',
  path: '/api/reset-password',
  access: 'anyone',
  signIn: true,
  body: ResetPasswordSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const adminUsers = {
  method: 'GET',
  path: '/api/admin/users',
  access: 'master-admin',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(AccountSchema),
} as const satisfies Endpoint;

export const changeRole = {
  method: 'PATCH',
  path: '/api/admin/users/:id/role',
  access: 'master-admin',
  params: IdParamSchema,
  body: RoleChangeSchema,
  answer: UserSchema,
  stepUp: true,
} as const satisfies Endpoint;

/**
 * A master admin invites a member of staff: the account is made without a password it can sign in with, and the
 * e-mail carries a link (7 days, once) to set one on the reset page.
 */
export const inviteStaff = {
  method: 'POST',
  path: '/api/admin/users/invite',
  access: 'master-admin',
  body: InviteSchema,
  answer: AccountSchema,
  status: [201],
  stepUp: true,
} as const satisfies Endpoint;

/**
 * Sends an invited member of staff a new set-password link (7 days, once), when the first was lost or ran out: the
 * links sent before stop working. Refused for an account that has set its password or is disabled.
 */
export const resendInvite = {
  method: 'POST',
  path: '/api/admin/users/:id/resend-invite',
  access: 'master-admin',
  params: IdParamSchema,
  answer: AccountSchema,
  stepUp: true,
} as const satisfies Endpoint;

/** Turns an account off instead of deleting it: its sessions end at once and it cannot sign in until enabled. */
export const disableUser = {
  method: 'POST',
  path: '/api/admin/users/:id/disable',
  access: 'master-admin',
  params: IdParamSchema,
  answer: AccountSchema,
  stepUp: true,
} as const satisfies Endpoint;

export const enableUser = {
  method: 'POST',
  path: '/api/admin/users/:id/enable',
  access: 'master-admin',
  params: IdParamSchema,
  answer: AccountSchema,
  stepUp: true,
} as const satisfies Endpoint;
