import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { identityKey } from '@agency/contracts';

/**
 * Characters an address's local part may hold (RFC 5322 atext and the dot, letters of any script): one of these just
 * before a match means the match is the tail of a longer address (`joanna@...` holds `anna@...`).
 */
const LOCAL = /[\p{L}\p{N}!#$%&'*+/=?^_`{|}~.-]/u;
/** Characters of a domain's labels: one of these just after a match, or a dot before one, continues the domain. */
const DOMAIN = /[\p{L}\p{N}-]/u;

const charBefore = (text: string, at: number) => Array.from(text.slice(Math.max(0, at - 2), at)).at(-1) ?? '';
const charAfter = (text: string, at: number) => String.fromCodePoint(text.codePointAt(at) ?? 32);

/**
 * Whether the address stands alone at `at`: no address character before it (an apostrophe opening a quotation, as
 * in `'anna@waipa.co'`, is not one) and its domain does not go on after it (`anna@waipa.co.nz` is another address;
 * `anna@waipa.co.` ending a sentence is this one).
 */
function standsAlone(text: string, at: number, end: number): boolean {
  const before = charBefore(text, at);
  const opens = before === "'" && !LOCAL.test(charBefore(text, at - 1));
  if (before && LOCAL.test(before) && !opens) return false;
  if (end >= text.length) return true;
  const after = charAfter(text, end);
  if (DOMAIN.test(after)) return false;
  return !(after === '.' && end + 1 < text.length && DOMAIN.test(charAfter(text, end + 1)));
}

/**
 * Whether `text` mentions `address` as an address of its own (decision 0081): the same address in any case, as a
 * token, never as part of a longer one. `anna@waipa.co` is in "From anna@waipa.co." and "<ANNA@waipa.co>", not in
 * "joanna@waipa.co" nor "anna@waipa.co.nz".
 */
export function mentionsAddress(text: string | null | undefined, address: string): boolean {
  if (!text) return false;
  const hay = text.normalize('NFKC').toLowerCase();
  const needle = identityKey(address);
  if (!needle) return false;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1))
    if (standsAlone(hay, at, at + needle.length)) return true;
  return false;
}

/**
 * A cheap first pass in SQL over `columns`: the rows whose text holds the address anywhere (LIKE ignores ASCII case;
 * `!` escapes the `_` and `%` an address may hold). Every row it picks is checked with `mentionsAddress` before it
 * counts, so a longer address that contains this one is never taken for it.
 */
export function mayMention(columns: readonly (SQLiteColumn | SQL)[], address: string): SQL {
  const pattern = `%${identityKey(address).replace(/[%_!]/g, (m) => `!${m}`)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c} like ${pattern} escape '!'`),
    sql` or `,
  )})`;
}

/** Whether a rate-limit key names the address as one of its `:`-separated parts (`privacy:to:anna@waipa.co`). */
export const keyNames = (key: string, address: string) => key.split(':').includes(identityKey(address));
