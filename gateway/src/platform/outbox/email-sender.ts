import nodemailer from 'nodemailer';
import type { Sender } from './outbox';

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
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: row.headers ?? undefined,
      });
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  return { send, close: () => transport.close() };
}
