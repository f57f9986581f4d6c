import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * hono/html's template for tags whose values are all at hand: it escapes every value (`raw()` marks one that is
 * markup already) and gives the escaped string; it would give a promise only for a promise among the values.
 */
export function tag(strings: TemplateStringsArray, ...values: unknown[]): HtmlEscapedString {
  const out = html(strings, ...values);
  if (out instanceof Promise) throw new TypeError('a tag was given a promise');
  return out;
}

/** JSON inside <script> must not be able to close the element. */
export const safeJson = (value: unknown) => raw(JSON.stringify(value).replace(/</g, '\\u003c'));
