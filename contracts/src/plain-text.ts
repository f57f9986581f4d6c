// Text that came from outside the agency (a team's commit message, a name in its build's manifest) is shown to staff
// in the Releases tab, printed by `remotes history` in a terminal and written to logs. Before it is stored or shown it
// is made plain (decision 0074): terminal escape sequences go, every control character (line breaks, tabs, C1)
// becomes one space, and the characters that reorder or hide text are removed: bidirectional embeddings, overrides,
// isolates and marks (the "Trojan Source" characters), zero-width characters and Unicode tag characters.

/* eslint-disable no-control-regex -- matching control characters is the point here */
/** ANSI/ECMA-48 escape sequences: CSI (`ESC [ ... final`), OSC (`ESC ] ... BEL|ST`) and two-character escapes. */
const ESCAPES =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])|\u009b[0-?]*[ -/]*[@-~]/g;
/** C0 and C1 controls, DEL, and the line and paragraph separators: each run becomes one space. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/* eslint-enable no-control-regex */
/** Bidirectional formatting, zero-width and invisible characters, and tag characters: removed. */
const HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/**
 * `text` as plain text of at most `max` characters (code points; an ellipsis marks a cut), on one line, trimmed.
 * Safe to print in a terminal and to show in a page as text; HTML escaping is still the page's business.
 */
export function plainText(text: string, max: number): string {
  const plain = text.replace(ESCAPES, '').replace(HIDDEN, '').replace(CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
  const points = [...plain];
  return points.length > max ? `${points.slice(0, Math.max(0, max - 1)).join('')}…` : plain;
}
