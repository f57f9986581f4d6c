import { z } from 'zod';

/** Limits on every string and list, so no payload can grow a row without bound. */
export const LIMITS = { name: 200, email: 254, phone: 40, short: 200, text: 5000, url: 2000, list: 20 } as const;

/** A required text field: trimmed, non-empty, with the given message when missing. */
export const requiredText = (message: string, max: number = LIMITS.name) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** An optional text field; empty strings become undefined. */
export const optionalText = (max: number = LIMITS.text) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, { error: `Must be at most ${max} characters` })
      .optional(),
  );

/** An e-mail address in the form it is stored and compared in: NFKC, trimmed, lower-cased (its identityKey). */
export const emailField = (message = 'Please enter a valid email address', requiredMessage = 'Email is required') =>
  z
    .string({ error: requiredMessage })
    .normalize('NFKC')
    .trim()
    .min(1, { error: requiredMessage })
    .max(LIMITS.email, { error: `Must be at most ${LIMITS.email} characters` })
    .pipe(z.email({ error: message }))
    .transform((e) => e.toLowerCase());

/** Body of every error answer: a sentence to show, and per-field messages when input was invalid. */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** A success that only says what happened (a sign-out, a deletion, a password set). */
export const MessageSchema = z.object({ message: z.string() });
/** A success that may say what happened (site-and-accounts §7: the password change's answer). */
export const OptionalMessageSchema = z.object({ message: z.string().optional() });

/** A page of a list endpoint. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
