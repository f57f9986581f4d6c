import { z } from 'zod';
import { emailField } from './common';

/** Extra addresses a client's monthly report goes to, besides the client's own account address. */
export const MAX_EXTRA_RECIPIENTS = 10;
export const REPORT_SEND_KINDS = ['scheduled', 'now', 'test'] as const;

/**
 * When and to whom a client's monthly report is e-mailed: the day (1-28, so every month has it) and time in New
 * Zealand, the client's own address and up to ten more.
 */
export const ReportScheduleInputSchema = z.object({
  enabled: z.boolean(),
  dayOfMonth: z
    .number({ error: 'dayOfMonth must be a whole number from 1 to 28' })
    .int({ error: 'dayOfMonth must be a whole number from 1 to 28' })
    .min(1, { error: 'dayOfMonth must be from 1 to 28' })
    .max(28, { error: 'dayOfMonth must be from 1 to 28' }),
  time: z
    .string({ error: 'time must be HH:MM' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time must be HH:MM, from 00:00 to 23:59' }),
  sendToClient: z.boolean(),
  extraRecipients: z
    .array(emailField('Each extra address must be a valid email address'))
    .max(MAX_EXTRA_RECIPIENTS, { error: `At most ${MAX_EXTRA_RECIPIENTS} extra addresses` })
    .refine((list) => new Set(list).size === list.length, { error: 'An extra address is listed twice' }),
});
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;

const instant = z.coerce.date();

export const ReportScheduleSchema = ReportScheduleInputSchema.extend({
  clientId: z.number().int(),
  /** The client's account address, where `sendToClient` sends. */
  clientEmail: z.string(),
  updatedAt: instant.nullable(),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;

export const ReportSendInputSchema = z.object({
  to: z.enum(['recipients', 'me'], { error: "to must be 'recipients' or 'me'" }),
});

/** One e-mail of a report, as its history lists it: to whom, why, when, and whether its link was opened. */
export const ReportSendSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  kind: z.enum(REPORT_SEND_KINDS),
  queuedAt: instant,
  /** The PDF went with it; false: the link only (a PDF too large to attach). */
  attached: z.boolean(),
  /** The outbox's word on it: pending, sent or dead; null once the message has aged out of the outbox. */
  delivery: z.string().nullable(),
  opens: z.number().int(),
  lastOpenedAt: instant.nullable(),
});
export type ReportSend = z.infer<typeof ReportSendSchema>;

export const ReportSendListSchema = z.object({ items: z.array(ReportSendSchema) });
export const ReportSentSchema = z.object({ message: z.string(), items: z.array(ReportSendSchema) });
