import type { Context } from 'hono';

/** A 429 that says when to come back, in the header clients read and in the message people read. */
export function tooMany(c: Context, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json({ message }, 429);
}
