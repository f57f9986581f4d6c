import { z } from 'zod';
import { LEAD_TYPES } from './queries';

/** What the outbox delivers (decision 0087): e-mail through SMTP, lead notices to the operator's webhook. */
export const OUTBOX_CHANNELS = ['email', 'webhook'] as const;
/** A message waits (`pending`, retried with backoff), went out (`sent`), or spent its tries (`dead`, for staff). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;

/**
 * A message that did not go through, as staff see it: who or what it was for, never its body (an e-mail may hold a
 * sign-in link).
 */
export const FailedMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  status: z.enum(OUTBOX_STATUSES),
  /** The e-mail's recipient and subject, or the lead the notice is about. */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  lead: z.object({ type: z.enum(LEAD_TYPES), id: z.number().int() }).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When a pending one is tried next. */
  nextAttemptAt: z.string(),
});
export type FailedMessage = z.infer<typeof FailedMessageSchema>;

/** Dead messages first (they need a person), then those still retrying after a failure; with the dead count. */
export const FailedMessagesSchema = z.object({
  dead: z.number().int(),
  retrying: z.number().int(),
  messages: z.array(FailedMessageSchema),
});
export type FailedMessages = z.infer<typeof FailedMessagesSchema>;
