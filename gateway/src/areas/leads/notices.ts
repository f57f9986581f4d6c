import { followUpDue, formatNzDateTime, type LeadType } from '@agency/contracts';
import { compiledInsert, outbox, type Compiled, type Db } from '../../platform/db';
import type { Env } from '../../platform/env';
import type { Webhook } from '../../platform/webhook/webhook';
import { visitorText, webhookLink } from '../../platform/webhook/webhook-text';

export const LEAD_KIND_NAMES: Record<LeadType, string> = {
  enquiry: 'enquiry',
  quote: 'quote request',
  consultation: 'consultation request',
  optin: 'audio sign-up',
};

/** The dashboard's address of one lead: it opens the Leads tab on that lead. */
export const leadLink = (origin: string, type: LeadType, id: number) => `${origin}/dashboard?lead=${type}-${id}`;

/**
 * What a new lead starts: its follow-up clock, and the webhook notice stored in the same transaction as the lead
 * and its e-mails (decision 0065). Without LEAD_WEBHOOK_URL there is no notice, only the e-mail.
 */
export function leadNotices({ env, db, webhook }: { env: Env; db: Db; webhook: Webhook }) {
  const insert = compiledInsert(db, outbox, { id: outbox.id });
  // Links to the lead go to the dashboard, on the portal.
  const origin = env.publicConfig.portalOrigin;
  return {
    webhook,
    // The lead's createdAt is this same instant, so its follow-up time is exactly the rule applied to it.
    clock: (at = new Date()) => ({ createdAt: at, ...followUpDue(at, env.holidays) }),
    link: (type: LeadType, id: number) => leadLink(origin, type, id),
    /**
     * The webhook row of a new lead, or null without a webhook. `who` is a business or a first name: a visitor's
     * words, escaped for the receiver's format.
     */
    created(type: LeadType, id: number, who: string, followUpBy: Date | null): Compiled<{ id: number }> | null {
      if (!webhook.enabled) return null;
      const link = leadLink(origin, type, id);
      const due = followUpBy ? ` Follow up by ${formatNzDateTime(followUpBy)}.` : '';
      const f = webhook.format;
      return insert(
        webhook.row({
          leadType: type,
          leadId: id,
          event: 'lead.created',
          payload: {
            text: `New ${LEAD_KIND_NAMES[type]} #${id} from ${visitorText(f, who)}.${due} ${webhookLink(f, link, `Open lead #${id}`)}`,
            lead: { type, id, link, followUpBy: followUpBy?.toISOString() ?? null },
          },
        }),
      );
    },
  };
}

export type LeadNotices = ReturnType<typeof leadNotices>;
