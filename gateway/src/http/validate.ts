import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

/** Field path -> first message, e.g. { contactEmail: 'Please enter a valid email' }. */
export function fieldErrors(error: Issues): Record<string, string> {
  // A Map, not an object: a field named like an inherited property (`constructor`) must not read as already set.
  const errors = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!errors.has(key)) errors.set(key, issue.message);
  }
  return Object.fromEntries(errors);
}

type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/** The API's one error body for invalid input: 400 `{ message, errors: { field: text } }`. */
export function invalidInput(error: Issues) {
  const errors = fieldErrors(error);
  const fields = Object.keys(errors).filter((k) => k !== '_');
  const message = fields.length
    ? `Invalid ${fields.join(', ')}: ${Object.values(errors)[0]}`
    : (errors._ ?? 'Invalid request');
  return { message, errors };
}

/**
 * zValidator with the API's one error shape: 400 `{ message, errors: { field: text } }`. The message names the
 * fields so a client that only shows `message` still tells the user what to fix.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return undefined;
    return c.json(invalidInput(result.error), 400);
  });
}
