import {
  AccountSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  RoleChangeSchema,
  UserSchema,
} from '../schemas/auth';
import { MessageSchema, OptionalMessageSchema, pageOf } from '../schemas/common';
import { IdParamSchema, PageQuerySchema } from '../schemas/queries';
import type { Endpoint } from './endpoint';

// Sign-in, accounts and roles (site-and-accounts §5-§7). Entries are plain objects so a bundle keeps only those it
// calls.

export const currentUser = {
  method: 'GET',
  path: '/api/auth/user',
  summary: 'The signed-in user (401 when nobody is signed in).',
  access: 'signed-in',
  answer: UserSchema,
} as const satisfies Endpoint;

export const login = {
  method: 'POST',
  path: '/api/login',
  summary: 'Signs in with a username (any case) and password; starts a new session.',
  access: 'anyone',
  body: LoginSchema,
  answer: UserSchema,
} as const satisfies Endpoint;

export const register = {
  method: 'POST',
  path: '/api/register',
  summary: 'Creates a client account and signs it in; a master admin creates staff accounts (and stays signed in).',
  access: 'anyone',
  body: RegisterSchema,
  answer: UserSchema,
  status: [201],
} as const satisfies Endpoint;

export const logout = {
  method: 'POST',
  path: '/api/logout',
  summary: 'Ends the session (no body).',
  access: 'anyone',
  answer: MessageSchema,
} as const satisfies Endpoint;

export const changePassword = {
  method: 'POST',
  path: '/api/change-password',
  summary: "Sets a new password with the current one; ends the account's other sessions.",
  access: 'signed-in',
  body: ChangePasswordSchema,
  answer: OptionalMessageSchema,
} as const satisfies Endpoint;

export const forgotPassword = {
  method: 'POST',
  path: '/api/forgot-password',
  summary: 'E-mails a reset link when the name is an account; answers the same either way.',
  access: 'anyone',
  body: ForgotPasswordSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const resetPassword = {
  method: 'POST',
  path: '/api/reset-password',
  summary: 'Sets a new password with an e-mailed link; ends every session of the account.',
  access: 'anyone',
  body: ResetPasswordSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const adminUsers = {
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Every account and its role, by name.',
  access: 'master-admin',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(AccountSchema),
} as const satisfies Endpoint;

export const changeRole = {
  method: 'PATCH',
  path: '/api/admin/users/:id/role',
  summary: 'Changes a role (the last master admin stays one); the account signs in again.',
  access: 'master-admin',
  params: IdParamSchema,
  body: RoleChangeSchema,
  answer: UserSchema,
} as const satisfies Endpoint;
