import { and, isNull, lte, sql } from 'drizzle-orm';
import { formatNzDateTime, LEAD_TYPES } from '@agency/contracts';
import { LEAD_TABLES } from './lead-tables';
import { outbox, type Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import type { Logger } from '../../platform/logger';
import { LEAD_KIND_NAMES, leadLink } from './notices';
import type { Webhook } from '../../platform/webhook/webhook';
import { visitorText, webhookLink } from '../../platform/webhook/webhook-text';

/** Reminders sent per kind per round: a backlog (a long outage) goes out over a few rounds. */
const ROUND = 50;

/**
 * Reminds staff of leads two hours before they are due (decisions 0065, 0097): an e-mail to NOTIFY_EMAIL and, with a
 * webhook, a notice. Each lead is claimed by setting its `remindedAt` where it is still empty, so several gateways
 * running this at once remind each lead once.
 */
export function leadReminders(deps: {
  db: Db;
  mailer: Mailer;
  webhook: Webhook;
  logger: Logger;
  notifyTo: string;
  origin: string;
}) {
  const { db, mailer, webhook, notifyTo, origin } = deps;
  return async function remind(now = new Date()): Promise<number> {
    let sent = 0;
    for (const type of LEAD_TYPES) {
      const d = LEAD_TABLES[type];
      const claimed = await db
        .update(d.table)
        .set({ remindedAt: now } as never)
        .where(
          and(
            sql`${d.id} in (select ${d.id} from ${d.table} where ${d.remindAt} <= ${now.getTime()} and ${d.remindedAt} is null and ${d.followedUpAt} is null limit ${ROUND})`,
            isNull(d.remindedAt),
            lte(d.remindAt, now),
          ),
        )
        .returning({ id: sql<number>`${d.id}`, who: sql<string>`${d.who}`, followUpBy: sql<number>`${d.followUpBy}` });
      for (const lead of claimed) {
        const link = leadLink(origin, type, lead.id);
        const due = formatNzDateTime(lead.followUpBy);
        const reminder = (who: string, open: string) =>
          `Reminder: ${LEAD_KIND_NAMES[type]} #${lead.id} from ${who} is due for follow-up by ${due} (two hours from now). ${open}`;
        // The e-mail and the notice are stored together, or neither.
        const mail = mailer.insert([
          {
            to: notifyTo,
            subject: `Follow up by ${due}: ${LEAD_KIND_NAMES[type]} #${lead.id}`,
            text: reminder(lead.who, link),
          },
        ]);
        const notice = db
          .insert(outbox)
          .values(
            webhook.row({
              leadType: type,
              leadId: lead.id,
              event: 'lead.reminder',
              payload: {
                // The visitor's words escaped for the receiver's format (decision 0082).
                text: reminder(
                  visitorText(webhook.format, lead.who),
                  webhookLink(webhook.format, link, `Open lead #${lead.id}`),
                ),
                lead: { type, id: lead.id, link, followUpBy: new Date(lead.followUpBy).toISOString() },
              },
            }),
          )
          .returning({ id: outbox.id });
        if (webhook.enabled) {
          const [mailed, noticed] = await db.batch([mail, notice]);
          mailer.dispatch(mailed);
          webhook.dispatch(noticed.map((r) => r.id));
        } else mailer.dispatch(await mail);
        sent++;
      }
    }
    return sent;
  };
}
