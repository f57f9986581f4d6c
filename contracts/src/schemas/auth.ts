import { z } from 'zod';
import { PASSWORD_RULES, ROLES, STAFF_ROLES } from '../constants';
import { emailField, LIMITS, requiredText } from './common';

/** Stored as typed after NFKC and trimming; unique, and found at sign-in, by its identityKey (any case). */
const USERNAME = z
  .string({ error: 'Username is required' })
  .normalize('NFKC')
  .trim()
  .min(1, { error: 'Username is required' })
  .max(64, { error: 'Username must be at most 64 characters' })
  .regex(/^[\w.@-]+$/, { error: 'Username may use letters, numbers and . _ @ - only' });

/** The five rules of site-and-accounts §5, each failure reported with its rule. */
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .max(256, { error: 'Password must be at most 256 characters' })
  .superRefine((password, ctx) => {
    for (const rule of PASSWORD_RULES) {
      if (!rule.test(password))
        ctx.addIssue({ code: 'custom', message: `Password needs: ${rule.label.toLowerCase()}` });
    }
  });

export const LoginSchema = z.object({
  username: requiredText('Username is required', 64),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(256),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RoleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

export const RegisterSchema = z.object({
  username: USERNAME,
  email: emailField('Please enter a valid email address'),
  password: PasswordSchema,
  role: RoleSchema.default('client'),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

/** `username` takes the account's username or its e-mail address (an address is up to 254 characters). */
export const ForgotPasswordSchema = z.object({
  username: requiredText('Enter your username or e-mail address', 254).pipe(z.string().normalize('NFKC')),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(256),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const ResetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(16, { error: 'Reset link is invalid' }).max(LIMITS.short),
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** The signed-in user as the API returns it: never the password hash or a token. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

/**
 * The user a completed sign-in answers with: `firstSignIn` when the account had never signed in before (registering
 * counts as one), so it is welcomed, not welcomed back. A step-up, which is no sign-in, leaves it out.
 */
export const SignedInSchema = UserSchema.extend({ firstSignIn: z.boolean().optional() });
export type SignedIn = z.infer<typeof SignedInSchema>;

/** A master admin changes an account's role (`PATCH /api/admin/users/:id/role`). */
export const RoleChangeSchema = z.object({ role: RoleSchema });

/**
 * An account as the master admin's list shows it: `disabled` once a master admin has turned it off (its sessions
 * ended then and it cannot sign in), `invited` while an invited person has not set a password yet.
 */
export const AccountSchema = UserSchema.extend({
  createdAt: z.string(),
  disabled: z.boolean(),
  invited: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

/** A master admin invites a member of staff (`POST /api/admin/users/invite`): the e-mail carries a set-password link. */
export const InviteSchema = z.object({
  username: USERNAME,
  email: emailField('Please enter a valid email address'),
  role: z.enum(STAFF_ROLES, { error: 'Choose admin or master admin' }), // clients register themselves
});
export type InviteInput = z.input<typeof InviteSchema>;

/** A client account as staff pick it (whose reports, metrics and files). */
export const ClientAccountSchema = UserSchema.extend({ createdAt: z.string() }).omit({ role: true });
export type ClientAccount = z.infer<typeof ClientAccountSchema>;
