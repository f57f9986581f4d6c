import type { Db } from './db';
import { createMailer } from './mail/mailer';
import type { Env } from './env';
import { createWebhook, webhookSender, type WebhookTarget } from './webhook/webhook';
import type { Logger } from './logger';
import { emailSender } from './outbox/email-sender';
import { createOutbox, type Sender, type OutboxChannel } from './outbox/outbox';
import { OUTBOX_RETRY, type RetrySettings } from './outbox/retry';

export interface MessagingOptions {
  db: Db;
  logger: Logger;
  mail: Pick<Env['mail'], 'smtpUrl' | 'from'>;
  leadWebhook?: WebhookTarget;
  retry?: RetrySettings;
  /** A webhook receiver's time to answer (tests shorten it). */
  webhookTimeoutMs?: number;
  /** This gateway's name in the outbox's claims. */
  holder?: string;
  now?: () => number;
}

/**
 * The outbox with its senders (SMTP when SMTP_URL is set, the lead webhook when LEAD_WEBHOOK_URL is), and the two
 * faces the rest of the gateway writes through: the mailer and the lead notices.
 */
export function openMessaging({
  db,
  logger,
  mail,
  leadWebhook,
  retry = OUTBOX_RETRY,
  webhookTimeoutMs,
  holder,
  now,
}: MessagingOptions) {
  const smtp = mail.smtpUrl ? emailSender(mail.smtpUrl, mail.from) : undefined;
  const senders: Partial<Record<OutboxChannel, Sender>> = {};
  if (smtp) senders.email = smtp.send;
  if (leadWebhook) senders.webhook = webhookSender(leadWebhook, { timeoutMs: webhookTimeoutMs, now });
  const outbox = createOutbox({ db, logger, senders, retry, holder, now });
  return {
    outbox,
    mailer: createMailer({ db, logger, outbox }),
    webhook: createWebhook({ outbox, target: leadWebhook }),
    close: () => smtp?.close(),
  };
}

export type Messaging = ReturnType<typeof openMessaging>;
