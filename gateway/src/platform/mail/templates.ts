import { FOLLOW_UP_PROMISE } from '@agency/contracts';
import {
  BUSINESS,
  formatNzDateTime,
  SERVICE_CATEGORY_LABELS,
  type ContactInquiry,
  type ConsultationRequest,
  type OptIn,
  type QuoteBreakdown,
  type Role,
} from '@agency/contracts';
import { greeting } from './greeting';
import type { OutgoingEmail } from './mailer';
import { discountedTotalsLine, lines, quoteTotalLines } from './quote-lines';

const field = (label: string, value: string | undefined | null) => (value ? `${label}: ${value}` : null);

/** Notifications to the agency (plain text: they are read in an inbox, not marketed). */
export const notify = {
  enquiry(to: string, e: ContactInquiry, id: number): OutgoingEmail {
    return {
      to,
      subject: `New enquiry #${id}: ${e.businessName}`,
      text: lines(
        `A new enquiry came in from the website. Reply ${FOLLOW_UP_PROMISE}.`,
        '',
        field('Business', e.businessName),
        field('Contact', e.contactName),
        field('Email', e.contactEmail),
        field('Phone', e.contactPhone),
        field('Industry', e.industry),
        field('Services', e.servicesInterested.map((s) => SERVICE_CATEGORY_LABELS[s]).join(', ')),
        field('Prefers', e.preferredContactMethod),
        field('Heard about us', e.howDidYouHear),
        field('Comments', e.comments),
      ),
    };
  },

  consultation(to: string, c: ConsultationRequest, id: number): OutgoingEmail {
    return {
      to,
      subject: `New consultation request #${id}: ${c.businessName}`,
      text: lines(
        `A free consultation was requested. Reply ${FOLLOW_UP_PROMISE}, to book it in.`,
        '',
        field('Business', c.businessName),
        field('Contact', c.contactName),
        field('Email', c.email),
        field('Phone', c.phone),
        field('Business type', c.businessType),
        field('Service', c.serviceRequested ?? c.service),
        field('Timeline', c.timeline),
        field('Current challenge', c.currentChallenge),
        field('Goals', c.goals),
      ),
    };
  },

  optIn(to: string, o: OptIn, id: number, mailed = true): OutgoingEmail {
    return {
      to,
      subject: `New audio sign-up #${id}: ${o.firstName}`,
      text: lines(
        `${o.firstName} <${o.email}> signed up for the free Real Talk audio.`,
        !mailed && 'This address unsubscribed from our marketing e-mail before, so nothing was e-mailed to it.',
      ),
    };
  },

  quote(
    to: string,
    q: {
      id: number;
      kind: string;
      name: string;
      email: string;
      phone?: string | null;
      business?: string | null;
      items: string[];
      pricing: QuoteBreakdown;
      agreed: boolean;
      discount?: string | null;
      notes?: string | null;
    },
  ): OutgoingEmail {
    return {
      to,
      subject: `New ${q.kind} quote #${q.id}: ${q.business ?? q.name}`,
      text: lines(
        `A ${q.kind} quote request came in. Follow up ${FOLLOW_UP_PROMISE}.`,
        '',
        field('Name', q.name),
        field('Business', q.business),
        field('Email', q.email),
        field('Phone', q.phone),
        '',
        'Selected:',
        ...q.items.map((i) => `  - ${i}`),
        '',
        ...quoteTotalLines(q.pricing),
        q.discount && discountedTotalsLine(q.pricing, `Discount ${q.discount}`, ', '),
        !q.agreed && 'Note: the figures the browser showed differ from these server-computed figures.',
        field('Notes', q.notes),
      ),
    };
  },
};

/**
 * Why an audio sign-up's e-mails come (the foot of each, beside its unsubscribe link): they are marketing mail
 * (decision 0082), to an address nobody confirmed.
 */
export const OPT_IN_WHY = `You are getting this because this address was signed up for the free Real Talk audio from ${BUSINESS.name}.`;

/** The visitor's copy of the free audio: its own link, and the page that plays it. */
export function optInWelcome(
  o: Pick<OptIn, 'firstName' | 'email'>,
  audioUrl: string,
  listenPageUrl: string,
  supportEmail: string,
): OutgoingEmail {
  return {
    to: o.email,
    subject: 'Your free Real Talk audio is here',
    text: lines(
      greeting(o.firstName),
      '',
      'Thanks for signing up. Here is your free 12-minute Real Talk audio on getting found online:',
      audioUrl,
      '',
      `Or listen on our site: ${listenPageUrl}`,
      '',
      `Questions? Just reply, or write to ${supportEmail}.`,
      '',
      'Be Loud. Be Seen. Be Unstoppable.',
    ),
  };
}

/** A sign-up while no audio is uploaded yet: it comes in a second e-mail as soon as it is (optInAudioReady). */
export function optInWaiting(o: Pick<OptIn, 'firstName' | 'email'>, supportEmail: string): OutgoingEmail {
  return {
    to: o.email,
    subject: 'Your free Real Talk audio is on its way',
    text: lines(
      greeting(o.firstName),
      '',
      'Thanks for signing up for the free Real Talk audio. We are putting the finishing touches on it, and we will',
      'e-mail you the link the moment it is ready.',
      '',
      `Questions? Just reply, or write to ${supportEmail}.`,
      '',
      'Be Loud. Be Seen. Be Unstoppable.',
    ),
  };
}

/** The audio, to someone who signed up while there was none: the same e-mail, sent once it is uploaded. */
export const optInAudioReady = optInWelcome;

/** What an account is called to its owner: staff sign in to the dashboard, clients to the client portal. */
const accountName = (role: Role) =>
  role === 'client' ? 'client portal account' : `${BUSINESS.name} staff dashboard account`;

/** The reset link; the token in it is the only copy (the database keeps its hash). */
export function passwordReset(
  to: string,
  username: string,
  role: Role,
  link: string,
  supportEmail: string,
): OutgoingEmail {
  return {
    to,
    subject: `Reset your ${BUSINESS.name} password`,
    text: lines(
      greeting(username),
      '',
      `Someone (hopefully you) asked to reset the password for your ${accountName(role)}. Use this link within the next hour:`,
      link,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
      `Questions? Write to ${supportEmail}.`,
    ),
  };
}

/** A member of staff invited by a master admin; the link (one use, 7 days) sets their password. */
export function staffInvite(
  to: string,
  username: string,
  role: 'admin' | 'master_admin',
  invitedBy: string,
  link: string,
  supportEmail: string,
): OutgoingEmail {
  return {
    to,
    subject: `You're invited to the ${BUSINESS.name} dashboard`,
    text: lines(
      'Kia ora,',
      '',
      `${invitedBy} has invited you to the ${BUSINESS.name} dashboard as ${role === 'master_admin' ? 'a master admin' : 'an admin'}, with the username ${username}.`,
      'Set your password with this link within the next 7 days:',
      link,
      '',
      'The link works once. If you were not expecting this, ignore this e-mail: nothing happens without the link.',
      `Questions? Write to ${supportEmail}.`,
    ),
  };
}

/** A sign-in from a browser that had not signed in to the account before (no device cookie of it, decision 0062). */
export function newBrowserSignIn(
  to: string,
  username: string,
  where: { browser: string; device: string; address: string; at: Date },
  links: { security: string; forgot: string },
  supportEmail: string,
): OutgoingEmail {
  return {
    to,
    subject: `New sign-in to your ${BUSINESS.name} account`,
    text: lines(
      greeting(username),
      '',
      `Your account was just signed in to from ${where.browser} on ${where.device} (address ${where.address}) on ${formatNzDateTime(where.at)} (New Zealand time), a browser that had not signed in to it before.`,
      '',
      `If that was you, there is nothing to do. If not, sign that browser out under Security in your dashboard (${links.security}) and change your password, or reset it here: ${links.forgot}`,
      '',
      `Questions? Write to ${supportEmail}.`,
    ),
  };
}
