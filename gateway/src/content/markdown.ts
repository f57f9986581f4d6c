import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { CONTENT_IMAGE_PATH, isContentImageUrl } from '@agency/contracts';

/**
 * Post bodies are Markdown written by staff; what the site serves is HTML made here, on the server, by `marked`
 * and then `sanitize-html` (decision 0035). Raw HTML in the Markdown is shown as text, never as markup; the
 * sanitiser is the second wall: only the tags and attributes below survive, links only to http(s), mail and phone,
 * images only from this site's uploads.
 */

const WORDS_PER_MINUTE = 200;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export interface RenderOptions {
  /**
   * Levels added to every heading: 0 on a post's own page (its title is the h1, `##` is an h2), 1 in a list whose
   * page gives each post an h2. A body's `#` is never an h1: the page has one.
   */
  headingShift?: 0 | 1;
}

export function createMarkdown(publicOrigin: string) {
  const origin = new URL(publicOrigin);
  const internal = (href: string) => {
    if (href.startsWith('/') && !href.startsWith('//')) return true;
    if (href.startsWith('#')) return true;
    try {
      return new URL(href).host === origin.host;
    } catch {
      return false;
    }
  };
  /** A site upload's path, from its relative or absolute URL; null for any other source. */
  const uploadPath = (src: string): string | null => {
    let candidate = src;
    if (src.startsWith(origin.origin + CONTENT_IMAGE_PATH)) candidate = src.slice(origin.origin.length);
    return isContentImageUrl(candidate) ? candidate : null;
  };

  const sanitizeOptions = (): sanitizeHtml.IOptions => ({
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'br',
      'hr',
      'ul',
      'ol',
      'li',
      'blockquote',
      'strong',
      'em',
      'del',
      'code',
      'pre',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'loading', 'decoding'],
      ol: ['start'],
      th: ['align'],
      td: ['align'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        if (!href || internal(href))
          return { tagName, attribs: { href, ...(attribs.title ? { title: attribs.title } : {}) } };
        return {
          tagName,
          attribs: {
            href,
            ...(attribs.title ? { title: attribs.title } : {}),
            target: '_blank',
            rel: 'noopener noreferrer',
          },
        };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          src: uploadPath(attribs.src ?? '') ?? '',
          alt: attribs.alt ?? '',
          ...(attribs.title ? { title: attribs.title } : {}),
          loading: 'lazy',
          decoding: 'async',
        },
      }),
    },
    // An image from anywhere but this site's uploads goes (with its tracking pixel or its mixed content).
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });

  const markedFor = (shift: number) =>
    new Marked({
      gfm: true,
      async: false,
      walkTokens(token: Token) {
        if (token.type === 'heading') token.depth = Math.min(6, Math.max(2, token.depth) + shift);
      },
      renderer: {
        // Raw HTML in a body is text to show, not markup to run.
        html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      },
    });
  const renderers = [markedFor(0), markedFor(1)] as const;

  return {
    /** Sanitised HTML of a Markdown body. */
    render(body: string, { headingShift = 0 }: RenderOptions = {}): string {
      const raw = renderers[headingShift].parse(body, { async: false });
      return sanitizeHtml(raw, sanitizeOptions());
    },
  };
}

export type Markdown = ReturnType<typeof createMarkdown>;

export const readMinutes = (body: string) =>
  Math.max(1, Math.round(body.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE));

const plain = (tokens: Token[] | undefined): string =>
  (tokens ?? []).map((t) => ('tokens' in t && t.tokens ? plain(t.tokens) : 'text' in t ? t.text : '')).join('');

/**
 * The steps of a how-to in a body: its first ordered list whose items each open with bold text ("1. **Name.**
 * what to do"). Empty when there is none.
 */
export function howToSteps(body: string): { name: string; text: string }[] {
  const lexer = new Marked();
  for (const token of lexer.lexer(body)) {
    if (token.type !== 'list' || !(token as Tokens.List).ordered) continue;
    const items = (token as Tokens.List).items.map((item) => {
      const para = item.tokens[0];
      const inline = para && 'tokens' in para ? (para.tokens ?? []) : [];
      const [first, ...rest] = inline;
      if (first?.type !== 'strong') return null;
      return {
        name: plain([first])
          .replace(/[.:]\s*$/, '')
          .trim(),
        text: plain(rest).trim(),
      };
    });
    if (items.length > 1 && items.every((i) => i !== null)) return items as { name: string; text: string }[];
  }
  return [];
}
