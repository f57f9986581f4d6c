import { isHttpError } from '@agency/contracts/client';

/** A form's validation issues as one line, each led by its field path (`root` names issues about the whole form). */
export const issuesText = (
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  root = '',
) => error.issues.map((i) => `${i.path.map(String).join('.') || root}: ${i.message}`).join('; ');

/**
 * Forgot password (§8): 'Error' with the server's message; a failed answer without one is 'Something went wrong';
 * a call that never got an answer is 'Failed to process request'.
 */
export const forgotPasswordFailureText = (error: unknown) =>
  isHttpError(error) ? (error.serverMessage ?? 'Something went wrong') : 'Failed to process request';
