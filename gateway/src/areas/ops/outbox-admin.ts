import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import { outbox } from '../../platform/db';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

/** Rows the staff view lists at once: the newest; the counts cover the rest. */
const LISTED = 50;

const dead = eq(outbox.status, 'dead');
const retrying = and(eq(outbox.status, 'pending'), gt(outbox.attempts, 0));

/**
 * Messages that did not go through (decision 0087), for staff: the dead ones, whose tries are spent, and those still
 * retrying after a failure; staff can try one again. Recipients and subjects only: an e-mail's body may hold a
 * sign-in link.
 */
export function outboxAdminApi({ db, outbox: delivery, logger }: ApiDeps) {
  return endpointRoutes()
    .on(endpoints.failedMessages, async (c) => {
      const [rows, counts] = await Promise.all([
        // Named columns: a message's attachments (a report's PDF) stay in the database.
        db
          .select({
            id: outbox.id,
            channel: outbox.channel,
            status: outbox.status,
            to: outbox.to,
            subject: outbox.subject,
            leadType: outbox.leadType,
            leadId: outbox.leadId,
            attempts: outbox.attempts,
            lastError: outbox.lastError,
            createdAt: outbox.createdAt,
            nextAttemptAt: outbox.nextAttemptAt,
          })
          .from(outbox)
          .where(or(dead, retrying))
          .orderBy(sql`${outbox.status} = 'dead' desc`, desc(outbox.createdAt))
          .limit(LISTED),
        db.select({ status: outbox.status, n: count() }).from(outbox).where(or(dead, retrying)).groupBy(outbox.status),
      ]);
      const tally = (status: string) => counts.find((r) => r.status === status)?.n ?? 0;
      return c.json({
        dead: tally('dead'),
        retrying: tally('pending'),
        messages: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          status: r.status,
          to: r.to,
          subject: r.subject,
          lead: r.leadType && r.leadId !== null ? { type: r.leadType, id: r.leadId } : null,
          attempts: r.attempts,
          lastError: r.lastError,
          createdAt: r.createdAt.toISOString(),
          nextAttemptAt: r.nextAttemptAt.toISOString(),
        })),
      });
    })
    .on(endpoints.retryMessage, async (c) => {
      const { id } = c.req.valid('param');
      if (!(await delivery.retry(id)))
        return c.json({ message: `Message #${id} is not waiting for a retry (it was sent, or is gone).` }, 404);
      logger.info('outbox message retried by staff', { outboxId: id, by: c.get('user')?.username });
      return c.json({ message: `Message #${id} is being tried again.` });
    }).app;
}
