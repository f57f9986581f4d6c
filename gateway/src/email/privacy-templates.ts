import { BUSINESS, formatNzDateTime, type PrivacyRequestKind } from '@agency/contracts';
import type { OutgoingEmail } from './mailer';

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
