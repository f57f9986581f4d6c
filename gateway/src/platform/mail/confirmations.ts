import { FOLLOW_UP_PROMISE } from '@agency/contracts';
import {
  BUSINESS,
  SERVICE_CATEGORY_LABELS,
  SERVICES,
  type ConsultationRequest,
  type ContactInquiry,
  type QuoteBreakdown,
} from '@agency/contracts';
import type { OutgoingEmail } from './mailer';
import { discountedTotalsLine, lines, quoteTotalLines } from './quote-lines';

/**
 * The copies a form's sender gets (decision 0064): what they asked for and the 24-hour promise. They go to an
 * address anyone can type, so they say only what the site itself chose (services, packages, prices from the
 * tables) and never echo the sender's free text (names, comments, notes): a stranger's words cannot ride our mail
 * server to someone else's inbox. How many go out is limited per address and per recipient (areas/leads/confirmations.ts).
 */

const PROMISE = `We'll be in touch ${FOLLOW_UP_PROMISE}.`;
const footer = (supportEmail: string, phone: string) => [
  '',
  `If you did not send this, you can ignore this e-mail; nobody will contact you again unless you ask.`,
  `Questions? Reply to this e-mail, write to ${supportEmail} or call ${phone}.`,
  '',
  `${BUSINESS.name}`,
];

export interface Contact {
  supportEmail: string;
  supportPhone: string;
}

export const confirm = {
  enquiry(e: ContactInquiry, contact: Contact): OutgoingEmail {
    return {
      to: e.contactEmail,
      subject: `We have your enquiry - ${BUSINESS.name}`,
      text: lines(
        'Kia ora,',
        '',
        'Thank you for your enquiry. You asked us about:',
        ...e.servicesInterested.map((s) => `  - ${SERVICE_CATEGORY_LABELS[s]}`),
        `You would like us to reach you by ${e.preferredContactMethod === 'phone' ? 'phone' : 'e-mail'}.`,
        '',
        PROMISE,
        ...footer(contact.supportEmail, contact.supportPhone),
      ),
    };
  },

  consultation(c: ConsultationRequest, contact: Contact): OutgoingEmail {
    // The page's own service (a known slug), never the free text the form carries with it.
    const service = SERVICES.find((s) => s.slug === c.service)?.name;
    return {
      to: c.email,
      subject: `Your free consultation request - ${BUSINESS.name}`,
      text: lines(
        'Kia ora,',
        '',
        service
          ? `Thank you for asking for a free consultation about ${service}.`
          : 'Thank you for asking for a free consultation.',
        `${PROMISE} We'll call you to find a time that suits.`,
        ...footer(contact.supportEmail, contact.supportPhone),
      ),
    };
  },

  quote(
    q: { email: string; kind: string; items: string[]; pricing: QuoteBreakdown; discounted: boolean },
    contact: Contact,
  ): OutgoingEmail {
    const p = q.pricing;
    return {
      to: q.email,
      subject: `Your ${q.kind} quote from ${BUSINESS.name}`,
      text: lines(
        'Kia ora,',
        '',
        'Here is the quote you asked for:',
        '',
        ...(q.items.length ? q.items.map((i) => `  - ${i}`) : ['  (nothing selected)']),
        '',
        ...quoteTotalLines(p),
        q.discounted && discountedTotalsLine(p, 'With your discount', ' and '),
        '',
        'These prices come from our current price list; the quote is a guide, and we confirm it with you first.',
        PROMISE,
        ...footer(contact.supportEmail, contact.supportPhone),
      ),
    };
  },
};

/** What a client hears when staff add something to their portal. */
export const portalNotice = {
  report(to: string, month: string, dashboardUrl: string): OutgoingEmail {
    return {
      to,
      subject: `Your ${month} report is ready`,
      text: lines(
        'Kia ora,',
        '',
        `Your monthly report for ${month} is in your client portal:`,
        dashboardUrl,
        '',
        `${BUSINESS.name}`,
      ),
    };
  },
  /**
   * A monthly report by e-mail: its PDF attached, or only its link when the PDF is too large to attach; a test says
   * so in its subject.
   */
  reportEmail(to: string, month: string, linkUrl: string, attached: boolean, test: boolean): OutgoingEmail {
    return {
      to,
      subject: `${test ? '[Test] ' : ''}Your ${month} report - ${BUSINESS.name}`,
      text: lines(
        'Kia ora,',
        '',
        attached
          ? `Your monthly report for ${month} is attached as a PDF. You can also read it online for the next 30 days:`
          : `Your monthly report for ${month} is ready. Read it online, and download its PDF, for the next 30 days:`,
        linkUrl,
        '',
        `${BUSINESS.name}`,
      ),
    };
  },
  file(to: string, name: string, dashboardUrl: string): OutgoingEmail {
    return {
      to,
      subject: `A new file is in your client portal`,
      text: lines(
        'Kia ora,',
        '',
        `We have added a file for you: ${name}`,
        'Download it from the Files tab of your client portal:',
        dashboardUrl,
        '',
        `${BUSINESS.name}`,
      ),
    };
  },
};
