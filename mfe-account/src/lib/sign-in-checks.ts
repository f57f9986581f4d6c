/**
 * The checks of the sign-in pages' forms, each its contracts schema. This module is their own chunk (see
 * sign-in-resolvers.ts): zod comes with it once the visitor reaches a form, not in the pages' first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from '@agency/contracts';

export const login = zodResolver(LoginSchema);
export const register = zodResolver(RegisterSchema);
export const forgotPassword = zodResolver(ForgotPasswordSchema);
/**
 * The reset form's fields: the new password under the rules, and its confirmation (checked as it is typed). The
 * token comes from the link, and the server checks it.
 */
export const newPassword = zodResolver(
  ResetPasswordSchema.pick({ newPassword: true }).extend({ confirmPassword: z.string() }),
);
