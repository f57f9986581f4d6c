/**
 * The form under which two spellings of a username or e-mail address are one identity (decision 0019): trimmed,
 * Unicode NFKC (fullwidth `ｄｅｍｏ` is `demo`), then lower-cased and normalised again (lower-casing can leave a
 * non-normalised sequence). Accounts are unique by this key, sign-in finds an account by it, and every throttle
 * keyed by a name uses it, so a case variant is the same account everywhere.
 */
export const identityKey = (text: string): string => text.trim().normalize('NFKC').toLowerCase().normalize('NFKC');

/**
 * Unicode's bidirectional formatting characters (LRM, RLM, ALM, the embeddings, overrides and isolates). In a file
 * name a right-to-left override makes `invoice‮fdp.exe` read as `invoiceexe.pdf`; nothing legitimate needs them
 * in a name.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
