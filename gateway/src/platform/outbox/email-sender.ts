import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Sender } from './outbox';

/** A message's extra headers as stored (`List-Unsubscribe` and `List-Unsubscribe-Post` on marketing mail). */
export const MailHeadersSchema = z.record(z.string(), z.string());

/** A message's attachments as stored (mail/mailer.ts MailAttachment): checked before sending, as the headers are. */
export const MailAttachmentsSchema = z.array(
  z.object({ filename: z.string().min(1), contentType: z.string().min(1), contentBase64: z.string() }),
);

/**
 * Bounds on one SMTP delivery, well inside the outbox's claim (two minutes): nodemailer's own defaults (a two-minute
 * connection wait, ten minutes of silence) could outlast the claim, and another gateway would send the message again.
 */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** E-mail rows through SMTP (`smtp://` or `smtps://` URL), one connection per message. */
export function emailSender(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  const send: Sender = async (row) => {
    if (!row.to || row.subject === null || row.text === null) return 'not an e-mail: no recipient, subject or text';
    // Not sent without them (a marketing e-mail owes its unsubscribe headers): the outbox records why, staff see it.
    const headers = MailHeadersSchema.nullable().safeParse(row.headers ?? null);
    if (!headers.success) return 'its stored headers cannot be read: not sent';
    const attachments = MailAttachmentsSchema.nullable().safeParse(row.attachments ?? null);
    if (!attachments.success) return 'its stored attachments cannot be read: not sent';
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: headers.data ?? undefined,
        attachments: attachments.data?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  return { send, close: () => transport.close() };
}
