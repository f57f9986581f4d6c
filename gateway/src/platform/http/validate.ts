import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

/** zod's own messages ("Invalid input: expected string, received undefined"): no sentence for a person. */
const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Invalid (string|number|key|element|union|type)|Too (big|small)|Unrecognized key|Expected )/;

/** A field's path in words: `contactEmail` "contact email", `faq.2.answer` "answer (item 3)". */
function fieldWords(path: readonly PropertyKey[]): string {
  const names = path.filter((p) => typeof p === 'string');
  const last = names.at(-1) ?? 'request';
  const index = path.findLast((p) => typeof p === 'number');
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return index === undefined ? words : `${words} (item ${index + 1})`;
}

/** An issue as a sentence: the schema's own words, or for zod's defaults one naming the field in words. */
function sentence(issue: Issue): string {
  const field = fieldWords(issue.path);
  // "Must be at most 200 characters" is said under its field in a form; alone it needs the field's name.
  if (/^Must /.test(issue.message)) return `The ${field} m${issue.message.slice(1)}.`;
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  if (issue.code === 'too_big') return `The ${field} is too long or too large.`;
  if (issue.code === 'too_small') return `The ${field} is too short or too small.`;
  if (issue.code === 'unrecognized_keys') return 'The request has fields this form does not take.';
  return `The ${field} is missing or not valid.`;
}

/** Field path -> first message, e.g. { contactEmail: 'Please enter a valid email' }. */
export function fieldErrors(error: Issues): Record<string, string> {
  // A Map, not an object: a field named like an inherited property (`constructor`) must not read as already set.
  const errors = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!errors.has(key)) errors.set(key, sentence(issue));
  }
  return Object.fromEntries(errors);
}

type Issue = { path: readonly PropertyKey[]; message: string; code?: string };
type Issues = { issues: readonly Issue[] };

/**
 * The API's one error body for invalid input: 400 `{ message, errors: { field: text } }`. The message is a sentence
 * a form can show as it is: the first problem in the schema's words, which name the field, and how
 * many more there are; `errors` keys each problem by its field for forms that show it there.
 */
export function invalidInput(error: Issues) {
  const errors = fieldErrors(error);
  const problems = Object.values(errors);
  const first = problems[0] ?? 'The request is not valid.';
  const more = problems.length - 1;
  const message =
    more > 0
      ? `${first}${/[.!?]$/.test(first) ? '' : '.'} ${more === 1 ? 'One more field needs' : `${more} more fields need`} attention.`
      : first;
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
