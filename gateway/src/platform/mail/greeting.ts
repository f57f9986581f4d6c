/** The longest first name a greeting repeats; longer text is not a first name (and room for a message). */
export const GREETING_NAME_MAX = 30;

/**
 * A first name as people write them: words of letters (any script, with macrons, as a letter or a combining mark)
 * joined by single spaces, hyphens or apostrophes, at most four words.
 */
const NAME = /^[\p{L}\u0304]+(?:[ '’-][\p{L}\u0304]+){0,3}$/u;

/** Whether text typed as a first name reads as one, and nothing else (no digits, punctuation, links or sentences). */
export function isFirstName(text: string): boolean {
  const name = text.normalize('NFC').trim();
  return name.length > 0 && name.length <= GREETING_NAME_MAX && NAME.test(name) && name.split(' ').length <= 4;
}

/**
 * The greeting of an e-mail to an address nobody has confirmed (decision 0082): the first name only when it reads
 * as one, else a neutral greeting, so a stranger's words ("friend! Your account is suspended, verify at ...") never
 * ride our mail server to someone else's inbox.
 */
export const greeting = (firstName: string | null | undefined) =>
  firstName && isFirstName(firstName) ? `Kia ora ${firstName.normalize('NFC').trim()},` : 'Kia ora,';
