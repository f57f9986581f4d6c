import { BUSINESS, formatNzDateTime, type PrivacyRequestKind } from '@agency/contracts';
import type { OutgoingEmail } from '../../platform/mail/mailer';

export const PRIVACY_KIND_TEXT: Record<PrivacyRequestKind, string> = {
  access: 'a copy of the personal information we hold about you',
  correction: 'a correction of the personal information we hold about you',
  deletion: 'deletion of the personal information we hold about you',
};

/** The link that confirms a request; sent whether or not we hold anything for the address. */
export function privacyConfirmation(to: string, kind: PrivacyRequestKind, link: string): OutgoingEmail {
  return {
    to,
    subject: `Confirm your privacy request to ${BUSINESS.name}`,
    text: [
      'Kia ora,',
      '',
      `Someone (hopefully you) asked ${BUSINESS.name} for ${PRIVACY_KIND_TEXT[kind]}, for this e-mail address.`,
      'To confirm the request, open this link within 24 hours:',
      link,
      '',
      'If you did not ask for this, ignore this e-mail and nothing will happen.',
    ].join('\n'),
  };
}

/** Staff are told of a confirmed request and when it is due. */
export function privacyRequestNotice(to: string, id: number, kind: PrivacyRequestKind, dueAt: Date, link: string) {
  return {
    to,
    subject: `Privacy request #${id} confirmed: answer by ${formatNzDateTime(dueAt)}`,
    text: `A person confirmed a request for ${PRIVACY_KIND_TEXT[kind].replace('about you', 'about them')}. The Privacy Act gives us until ${formatNzDateTime(dueAt)} (20 working days) to answer.\n${link}`,
  } satisfies OutgoingEmail;
}

/** The person is told the request is done, and what was done. */
export function privacyDone(
  to: string,
  kind: PrivacyRequestKind,
  outcome: string,
  supportEmail: string,
): OutgoingEmail {
  return {
    to,
    subject: `Your privacy request to ${BUSINESS.name} is done`,
    text: [
      'Kia ora,',
      '',
      `We have dealt with your request for ${PRIVACY_KIND_TEXT[kind]}.`,
      '',
      outcome,
      '',
      `Questions? Reply to this e-mail or write to ${supportEmail}.`,
    ].join('\n'),
  };
}

/**
 * The answer to a request for a copy (decision 0081): a link to the person's readable copy, which works until
 * `expiresAt` for a few downloads. Transactional (decision 0082): it answers their own request.
 */
export function privacyCopyMail(
  to: string,
  requestId: number,
  link: string,
  expiresAt: Date,
  downloads: number,
  links: { requestPage: string; supportEmail: string },
): OutgoingEmail {
  return {
    to,
    subject: `Your personal information from ${BUSINESS.name}`,
    text: [
      'Kia ora,',
      '',
      `As you asked (privacy request #${requestId}), here is a copy of the personal information we hold about this`,
      'e-mail address. Download it here:',
      link,
      '',
      `The link works until ${formatNzDateTime(expiresAt)} (New Zealand time), for up to ${downloads} downloads; after that,`,
      `ask again at ${links.requestPage}.`,
      '',
      'It is a zip file. Open about-this-copy.txt first: it says what each file holds. The other files are tables that',
      'open in Excel, Numbers or Google Sheets.',
      '',
      `If anything in it is wrong, you can ask us to correct it at ${links.requestPage}.`,
      `Questions? Reply to this e-mail or write to ${links.supportEmail}.`,
    ].join('\n'),
  };
}
