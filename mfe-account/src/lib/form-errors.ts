import { isHttpError } from '@agency/contracts/client';

type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/** A form's validation issues as one line, each led by its field path (`root` names issues about the whole form). */
export const issuesText = (error: Issues, root = '') =>
  error.issues.map((i) => `${i.path.map(String).join('.') || root}: ${i.message}`).join('; ');

/**
 * Each field's first problem by its path ("slug", "faq.0.answer"), keyed the way the gateway keys its `errors`, so
 * a form shows its own checks and the server's answers at the same fields.
 */
export function issuesByField(error: Issues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !Object.hasOwn(fields, key)) fields[key] = issue.message;
  }
  return fields;
}

/** The server's per-field problems of a refused write, if it named any. */
export const serverFieldErrors = (error: unknown): Readonly<Record<string, string>> =>
  isHttpError(error) ? error.fieldErrors : {};

/**
 * Forgot password (§8): 'Error' with the server's message; a failed answer without one is 'Something went wrong';
 * a call that never got an answer is 'Failed to process request'.
 */
export const forgotPasswordFailureText = (error: unknown) =>
  isHttpError(error) ? (error.serverMessage ?? 'Something went wrong') : 'Failed to process request';
