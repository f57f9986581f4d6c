import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db';
import { emailOutbox } from '../db';
import type { Logger } from '../logger';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerOptions {
  db: Db;
  logger: Logger;
  /** smtp:// or smtps:// URL; without one, messages stay in the outbox and are logged. */
  smtpUrl?: string;
  from: string;
}

/** Stands for a record's id in mail composed before the record exists (a private-use character). */
const RECORD_ID = '\u{E000}';

/** `value` with its first RECORD_ID replaced, in SQL, by the newest id of `idColumn`'s table. */
function withRecordId(value: string, idColumn: SQLiteColumn): string | SQL {
  const at = value.indexOf(RECORD_ID);
  if (at < 0) return value;
  const newest = sql`(select max(${idColumn}) from ${idColumn.table})`;
  return sql`${value.slice(0, at)} || ${newest} || ${value.slice(at + RECORD_ID.length)}`;
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
      await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null }).where(eq(emailOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.update(emailOutbox).set({ status: 'failed', attempts: row.attempts + 1, lastError: message.slice(0, 500) }).where(eq(emailOutbox.id, id));
      logger.warn('email delivery failed', { outboxId: id, error: message });
    }
  }

  function track(promise: Promise<void>) {
    const p = promise.catch((error: unknown) => logger.error('email worker error', { error: String(error) })).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  /** The outbox insert as a query; with `idColumn`, RECORD_ID in a message is filled in by the database. */
  const outboxInsert = (messages: [OutgoingEmail, ...OutgoingEmail[]], idColumn?: SQLiteColumn) => {
    const fill = (value: string) => (idColumn ? withRecordId(value, idColumn) : value);
    return db
      .insert(emailOutbox)
      .values(messages.map((m) => ({ to: m.to, subject: fill(m.subject), text: fill(m.text), html: m.html ? fill(m.html) : null, status: 'pending' as const })))
      .returning({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject });
  };

  function dispatch(rows: { id: number; to: string; subject: string }[]): void {
    for (const row of rows) {
      logger.info(transport ? 'email queued' : 'email stored in outbox (no SMTP_URL)', { outboxId: row.id, to: row.to, subject: row.subject });
      if (transport) track(deliver(row.id));
    }
  }

  return {
    /**
     * The outbox insert for mail about a record inserted just before it in the same `db.batch` (both are stored,
     * or neither): `compose` gets a placeholder for the record's id, which the database fills in. The batch is one
     * transaction holding the write lock, so the newest id of that table is the record's. Hand the returned rows
     * to `dispatch`.
     */
    queueAbout: (idColumn: SQLiteColumn, compose: (id: string) => [OutgoingEmail, ...OutgoingEmail[]]) =>
      outboxInsert(compose(RECORD_ID), idColumn),
    /** Starts background delivery of queued rows (no-op without SMTP: they stay in the outbox). */
    dispatch,

    /** Queues and dispatches in one step, for mail that belongs to no other write. */
    async send(messages: [OutgoingEmail, ...OutgoingEmail[]]): Promise<void> {
      dispatch(await outboxInsert(messages));
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
