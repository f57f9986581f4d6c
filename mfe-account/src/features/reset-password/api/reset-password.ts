import type { ResetPasswordInput } from '@agency/contracts';
import { http } from '@agency/contracts/client';

/** Sets a new password with the e-mailed token; the server ends every session of the account. */
export const resetPassword = (input: ResetPasswordInput) =>
  http.post<{ message?: string } | null>('/api/reset-password', input);
