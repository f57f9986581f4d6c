import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db';
import { compile, emailOutbox } from '../db';
import type { Logger } from '../logger';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, stored with the message and sent with it (List-Unsubscribe on marketing mail, decision 0082). */
  headers?: Record<string, string>;
}

export interface MailerOptions {
  db: Db;
  logger: Logger;
  /** smtp:// or smtps:// URL; without one, messages stay in the outbox and are logged. */
  smtpUrl?: string;
  from: string;
}

/** After this many failed attempts a message is left for an operator instead of retried forever. */
const MAX_ATTEMPTS = 5;

/**
 * Every message is written to the outbox table first, in the caller's flow, so a failing or absent mail server
 * never loses it; delivery happens afterwards, in the background, and failures stay queued for retry.
 */
export function createMailer({ db, logger, smtpUrl, from }: MailerOptions) {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: number): Promise<void> {
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row || row.status === 'sent' || !transport) return;
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: row.headers ?? undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(emailOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailOutbox)
        .set({ status: 'failed', attempts: row.attempts + 1, lastError: message.slice(0, 500) })
        .where(eq(emailOutbox.id, id));
      logger.warn('email delivery failed', { outboxId: id, error: message });
    }
  }

  function track(promise: Promise<void>) {
    const p = promise
      .catch((error: unknown) => logger.error('email worker error', { error: String(error) }))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  const queued = { id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject };
  const outboxInsert = (messages: [OutgoingEmail, ...OutgoingEmail[]]) =>
    db
      .insert(emailOutbox)
      .values(
        messages.map((m) => ({
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          headers: m.headers ?? null,
          status: 'pending' as const,
        })),
      )
      .returning(queued);

  /** The outbox insert for `count` messages, compiled once per count (leads write it in their group commit). */
  const compiledInserts = new Map<number, ReturnType<typeof compileInsert>>();
  function compileInsert(count: number) {
    const rows = Array.from({ length: count }, (_, i) => ({
      to: sql.placeholder(`to${i}`),
      subject: sql.placeholder(`subject${i}`),
      text: sql.placeholder(`text${i}`),
      html: sql.placeholder(`html${i}`),
      headers: sql.placeholder(`headers${i}`),
      status: 'pending' as const,
    }));
    return compile(
      db
        .insert(emailOutbox)
        .values(rows as unknown as (typeof emailOutbox.$inferInsert)[])
        .returning(queued),
      queued,
    );
  }

  function dispatch(rows: { id: number; to: string; subject: string }[]): void {
    for (const row of rows) {
      logger.info(transport ? 'email queued' : 'email stored in outbox (no SMTP_URL)', {
        outboxId: row.id,
        to: row.to,
        subject: row.subject,
      });
      if (transport) track(deliver(row.id));
    }
  }

  return {
    /**
     * The compiled outbox insert for `messages`, to be written in the caller's own transaction (so the messages are
     * stored with what they are about, or not at all). Hand the rows it returns to `dispatch`.
     */
    queue(messages: [OutgoingEmail, ...OutgoingEmail[]]) {
      let insert = compiledInserts.get(messages.length);
      if (!insert) compiledInserts.set(messages.length, (insert = compileInsert(messages.length)));
      const values: Record<string, unknown> = {};
      messages.forEach((m, i) => {
        values[`to${i}`] = m.to;
        values[`subject${i}`] = m.subject;
        values[`text${i}`] = m.text;
        values[`html${i}`] = m.html ?? null;
        values[`headers${i}`] = m.headers ?? null;
      });
      return insert(values);
    },
    /** Starts background delivery of queued rows (no-op without SMTP: they stay in the outbox). */
    dispatch,

    /** Queues and dispatches in one step, for mail that belongs to no other write. */
    async send(messages: [OutgoingEmail, ...OutgoingEmail[]]): Promise<void> {
      dispatch(await outboxInsert(messages));
    },

    /**
     * Runs `task` after the current request has been answered (on a later turn of the event loop), tracked like a
     * delivery so `idle()` and a graceful shutdown wait for it. For mail whose composing must not delay the answer.
     */
    later(task: () => Promise<void>): void {
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(task));
    },

    /** Retries pending and failed messages (at start-up, and from the operator CLI). */
    async retryQueued(): Promise<number> {
      if (!transport) return 0;
      const rows = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.status, ['pending', 'failed']), lt(emailOutbox.attempts, MAX_ATTEMPTS)));
      for (const row of rows) track(deliver(row.id));
      return rows.length;
    },

    /** Resolves when every delivery started so far has finished (tests, graceful shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

    close() {
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
