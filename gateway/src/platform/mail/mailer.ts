import { sql } from 'drizzle-orm';
import { compile, outbox as outboxTable, type Db } from '../db';
import type { Logger } from '../logger';
import type { Outbox } from '../outbox/outbox';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, stored with the message and sent with it (List-Unsubscribe on marketing mail, decision 0082). */
  headers?: Record<string, string>;
  /** Files sent with it (a report's PDF), kept on its outbox row until it is sent. */
  attachments?: MailAttachment[];
}

/** An attachment as the outbox row stores it. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

type Messages = [OutgoingEmail, ...OutgoingEmail[]];

export interface MailerOptions {
  db: Db;
  logger: Logger;
  outbox: Outbox;
}

const queued = { id: outboxTable.id, to: outboxTable.to, subject: outboxTable.subject };
type Queued = { id: number; to: string | null; subject: string | null };

const values = (m: OutgoingEmail) => ({
  channel: 'email' as const,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html ?? null,
  headers: m.headers ?? null,
  attachments: m.attachments ?? null,
});

/**
 * E-mail through the outbox (decision 0087): every message is an `outbox` row written in the caller's own
 * transaction where it belongs to a write (`queue` for a group commit, `insert` for a `db.batch`), so it is stored
 * with what it is about or not at all; delivery starts after the commit (`dispatch`) and a failing or absent mail
 * server only leaves it queued for the outbox's retries.
 */
export function createMailer({ db, logger, outbox }: MailerOptions) {
  /** The outbox insert for `count` messages, compiled once per count (leads write it in their group commit). */
  const compiledInserts = new Map<number, ReturnType<typeof compileInsert>>();
  function compileInsert(count: number) {
    const rows = Array.from({ length: count }, (_, i) => ({
      channel: 'email' as const,
      to: sql.placeholder(`to${i}`),
      subject: sql.placeholder(`subject${i}`),
      text: sql.placeholder(`text${i}`),
      html: sql.placeholder(`html${i}`),
      headers: sql.placeholder(`headers${i}`),
      attachments: sql.placeholder(`attachments${i}`),
    }));
    return compile(
      db
        .insert(outboxTable)
        .values(rows as unknown as (typeof outboxTable.$inferInsert)[])
        .returning(queued),
      queued,
    );
  }

  function dispatch(rows: Queued[]): void {
    const smtp = outbox.delivers('email');
    for (const row of rows)
      logger.info(smtp ? 'email queued' : 'email stored in outbox (no SMTP_URL)', {
        outboxId: row.id,
        to: row.to,
        subject: row.subject,
      });
    outbox.dispatch(rows.map((r) => r.id));
  }

  return {
    /**
     * The compiled outbox insert for `messages`, to be written in the caller's group commit (so the messages are
     * stored with what they are about, or not at all). Hand the rows it returns to `dispatch`.
     */
    queue(messages: Messages) {
      let insert = compiledInserts.get(messages.length);
      if (!insert) compiledInserts.set(messages.length, (insert = compileInsert(messages.length)));
      const bound: Record<string, unknown> = {};
      messages.forEach((m, i) => {
        for (const [key, value] of Object.entries(values(m))) if (key !== 'channel') bound[`${key}${i}`] = value;
      });
      return insert(bound);
    },
    /** The outbox insert for `messages` as a statement of the caller's `db.batch`; `dispatch` its rows after. */
    insert(messages: Messages) {
      return db.insert(outboxTable).values(messages.map(values)).returning(queued);
    },
    /** Starts background delivery of committed rows (without SMTP they stay in the outbox, logged). */
    dispatch,

    /** Queues and dispatches in one step, for mail that belongs to no other write. */
    async send(messages: Messages): Promise<void> {
      dispatch(await db.insert(outboxTable).values(messages.map(values)).returning(queued));
    },

    /**
     * Runs `task` after the current request has been answered (on a later turn of the event loop), tracked like a
     * delivery so `idle()` and a graceful shutdown wait for it. For mail whose composing must not delay the answer.
     */
    later(task: () => Promise<void>): void {
      outbox.track(new Promise<void>((resolve) => setImmediate(resolve)).then(task));
    },

    /** Resolves when every delivery started so far has finished (tests, graceful shutdown). */
    idle: () => outbox.idle(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;
