import { isHttpError } from '@agency/contracts/client';
import type { FieldErrors } from 'react-hook-form';

/**
 * A staff form's problems as one line, each led by its field path ("faq.0.answer: ..."), in the order the schema
 * found them; `root` names a problem about the whole form. The server's own sentence for a refused save, when set
 * (`root.server`), stands instead.
 */
export function problemsText(errors: FieldErrors, root = ''): string {
  const server = errors.root?.server?.message;
  if (server) return server;
  const lines: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const { message, type } = node as { message?: unknown; type?: unknown };
    if (typeof message === 'string' && typeof type === 'string') {
      lines.push(`${path.join('.') || root}: ${message}`);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      // `ref` is the field's element; `root` holds the whole form's (server) problem, or a list's own.
      if (key === 'ref' || (key === 'root' && path.length === 0)) continue;
      walk(child, key === 'root' ? path : [...path, key]);
    }
  };
  walk(errors, []);
  return lines.join('; ');
}

/**
 * Forgot password (§8): 'Error' with the server's message; a failed answer without one is 'Something went wrong';
 * a call that never got an answer is 'Failed to process request'.
 */
export const forgotPasswordFailureText = (error: unknown) =>
  isHttpError(error) ? (error.serverMessage ?? 'Something went wrong') : 'Failed to process request';
