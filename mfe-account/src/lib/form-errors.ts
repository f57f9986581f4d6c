import { isHttpError } from '@agency/contracts/client';
import type { FieldErrors } from 'react-hook-form';

/** A field's path in words for a message that does not name it ("Must be at most ..."): `imageAlt` "Image alt". */
function fieldWords(path: string[]): string {
  const name = path.filter((p) => !/^\d+$/.test(p)).at(-1) ?? 'This field';
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A staff form's problems as sentences, in the order the schema found them, each said once (the schema's words name
 * the field; its path is no word for a person). The server's own sentence for a refused save, when
 * set (`root.server`), stands instead.
 */
export function problemsText(errors: FieldErrors): string {
  const server = errors.root?.server?.message;
  if (server) return server;
  const lines: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const { message, type } = node as { message?: unknown; type?: unknown };
    if (typeof message === 'string' && typeof type === 'string') {
      const named = /^Must /.test(message)
        ? `${fieldWords(path)} ${message.charAt(0).toLowerCase()}${message.slice(1)}`
        : message;
      const said = /[.!?]$/.test(named) ? named : `${named}.`;
      if (!lines.includes(said)) lines.push(said);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      // `ref` is the field's element; `root` holds the whole form's (server) problem, or a list's own.
      if (key === 'ref' || (key === 'root' && path.length === 0)) continue;
      walk(child, key === 'root' ? path : [...path, key]);
    }
  };
  walk(errors, []);
  return lines.join(' ');
}

/**
 * Forgot password (site-and-accounts §8): 'Error' with the server's message; a failed answer without one is 'Something went wrong';
 * a call that never got an answer is 'Failed to process request'.
 */
export const forgotPasswordFailureText = (error: unknown) =>
  isHttpError(error) ? (error.serverMessage ?? 'Something went wrong') : 'Failed to process request';
