import { HttpError, isHttpError } from '@agency/contracts/client';

/** POSTs JSON with cookies; a non-OK answer is an HttpError (spec §8: "status: body", plus the server's message). */
export async function postJson<T>(
  path: string,
  body?: unknown,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE' = 'POST',
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let message: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // Not JSON.
    }
    throw new HttpError(res.status, text || res.statusText, message);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** A form's validation issues as one line, each led by its field path (`root` names issues about the whole form). */
export const issuesText = (
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  root = '',
) => error.issues.map((i) => `${i.path.map(String).join('.') || root}: ${i.message}`).join('; ');

/**
 * "The error message" of site-and-accounts §8's destructive toasts (registration, password change): a failed
 * call's text is its status, a colon, then the body (or the status text); anything else its own message.
 */
export const failedCallText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Forgot password (§8): 'Error' with the server's message; a failed answer without one is 'Something went wrong';
 * a call that never got an answer is 'Failed to process request'.
 */
export const forgotPasswordFailureText = (error: unknown) =>
  isHttpError(error) ? (error.serverMessage ?? 'Something went wrong') : 'Failed to process request';

/** The dashboard's messages for a failed call (the spec is silent there): the server's message when it sent one. */
export const errorText = (error: unknown, fallback: string) =>
  isHttpError(error)
    ? (error.serverMessage ?? error.message)
    : error instanceof Error && error.message
      ? error.message
      : fallback;

export const patchJson = <T>(path: string, body: unknown) => postJson<T>(path, body, 'PATCH');
export const putJson = <T>(path: string, body: unknown) => postJson<T>(path, body, 'PUT');
export const deleteJson = <T>(path: string) => postJson<T>(path, undefined, 'DELETE');
