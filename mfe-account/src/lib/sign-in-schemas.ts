/**
 * The contracts schemas of the sign-in pages' forms. This module is their own chunk (see sign-in-resolvers.ts): zod
 * comes with it once the visitor reaches a form, not in the pages' first load.
 */
import { z } from 'zod';
import { ResetPasswordSchema } from '@agency/contracts';

export { ForgotPasswordSchema, LoginSchema, RegisterSchema } from '@agency/contracts';

/**
 * The reset form's fields: the new password under the rules, and its confirmation (checked as it is typed). The
 * token comes from the link, and the server checks it.
 */
export const NewPasswordSchema = ResetPasswordSchema.pick({ newPassword: true }).extend({
  confirmPassword: z.string(),
});
