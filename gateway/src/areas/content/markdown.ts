import MarkdownIt, { type Token } from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { CONTENT_IMAGE_PATH, isContentImageUrl, xmlSafe } from '@agency/contracts';

/**
 * Post bodies are Markdown written by staff; what the site serves is HTML made here, on the server, by
 * `markdown-it` and then `sanitize-html` (decisions 0035 and 0049). Raw HTML in the Markdown is shown as text, never
 * as markup; the sanitiser is the second wall: only the tags and attributes below survive, links only to http(s),
 * mail and phone, images only from this site's uploads.
 *
 * markdown-it parses in time linear in the body's length (it is built and tested against CommonMark's pathological
 * inputs) and without unbounded recursion: past `PARSER_NESTING` levels it stops nesting. So any body, even one
 * stored before these checks, renders in bounded time and never throws for its shape. A post is rendered when it
 * is written, never on a public read (areas/content/renders.ts).
 */

const WORDS_PER_MINUTE = 200;

/** Quotes and lists inside each other, or emphasis and links inside each other: deeper than this is refused. */
export const MARKDOWN_MAX_DEPTH = 16;
/** markdown-it's own limit (open tokens of any kind); above anything a body within MARKDOWN_MAX_DEPTH needs. */
const PARSER_NESTING = 100;

/** A body's HTML for its own page, for a list (headings one level lower), and what the page's head takes from it. */
export interface RenderedPost {
  html: string;
  listHtml: string;
  readMinutes: number;
  steps: { name: string; text: string }[];
}

export type PostRender = { ok: true; post: RenderedPost } | { ok: false; problem: string };

const TOO_DEEP = `The body nests quotes, lists, emphasis or links more than ${MARKDOWN_MAX_DEPTH} levels deep; the site shows at most ${MARKDOWN_MAX_DEPTH}. Remove some of the nesting (for example a run of ">" or of indented list items).`;

const CONTAINERS = new Set(['blockquote_open', 'bullet_list_open', 'ordered_list_open']);
const CONTAINER_ENDS = new Set(['blockquote_close', 'bullet_list_close', 'ordered_list_close']);

/** The deepest nesting of containers (quotes, lists) and, inside a paragraph, of emphasis and links. */
function depthOf(tokens: Token[]): number {
  let deepest = 0;
  let blocks = 0;
  for (const token of tokens) {
    if (CONTAINERS.has(token.type)) deepest = Math.max(deepest, ++blocks);
    else if (CONTAINER_ENDS.has(token.type)) blocks--;
    let inline = 0;
    for (const child of token.children ?? []) {
      inline += child.nesting;
      deepest = Math.max(deepest, inline);
    }
  }
  return deepest;
}

const textOf = (tokens: Token[]) =>
  tokens
    .map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : t.type === 'softbreak' ? ' ' : ''))
    .join('');

/**
 * The steps of a how-to in a body: its first top-level ordered list whose items each open with bold text ("1.
 * **Name.** what to do"). Empty when there is none.
 */
function stepsOf(tokens: Token[]): { name: string; text: string }[] {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'ordered_list_open' || tokens[i]!.level !== 0) continue;
    const items: ({ name: string; text: string } | null)[] = [];
    let j = i + 1;
    for (; j < tokens.length && tokens[j]!.type !== 'ordered_list_close'; j++) {
      if (tokens[j]!.type !== 'list_item_open' || tokens[j]!.level !== 1) continue;
      const inline = tokens[j + 1]?.type === 'paragraph_open' ? tokens[j + 2] : undefined;
      // markdown-it opens a paragraph's children with an empty text token before a leading `**`.
      const children = (inline?.type === 'inline' ? (inline.children ?? []) : []).filter(
        (c) => c.type !== 'text' || c.content !== '',
      );
      const end = children.findIndex((c) => c.type === 'strong_close');
      if (children[0]?.type !== 'strong_open' || end < 0) {
        items.push(null);
        continue;
      }
      items.push({
        name: textOf(children.slice(1, end))
          .replace(/[.:]\s*$/, '')
          .trim(),
        text: textOf(children.slice(end + 1)).trim(),
      });
    }
    if (items.length > 1 && items.every((s) => s !== null)) return items as { name: string; text: string }[];
    i = j;
  }
  return [];
}

export const readMinutes = (body: string) =>
  Math.max(1, Math.round(body.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE));

/** Each heading one level lower (h6 stays h6). Sanitised HTML holds `<h2>`-`<h6>` only as tags, without attributes. */
const headingsDown = (html: string) =>
  html.replace(/<(\/?)h([2-6])>/g, (_, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + 1)}>`);

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

  const sanitizeOptions: sanitizeHtml.IOptions = {
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
      's',
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
  };

  // GitHub-flavoured: tables, strikethrough, bare links and e-mail addresses. `html: false` shows raw HTML as text.
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, maxNesting: PARSER_NESTING });
  md.linkify.set({ fuzzyLink: true }); // `www.example.com` is a link, as GitHub makes it
  md.core.ruler.push('site_headings_and_cells', (state) => {
    for (const token of state.tokens) {
      // A body's `#` is never an h1: the page has one.
      if (token.type === 'heading_open' || token.type === 'heading_close')
        token.tag = `h${Math.min(6, Math.max(2, Number(token.tag.slice(1))))}`;
      // Column alignment as the attribute the sanitiser keeps, not an inline style.
      const style = token.attrGet('style');
      if ((token.type === 'th_open' || token.type === 'td_open') && style) {
        token.attrs = null;
        const align = /^text-align:(left|right|center)$/.exec(String(style))?.[1];
        if (align) token.attrSet('align', align);
      }
    }
  });

  const parse = (body: string) => md.parse(xmlSafe(body), {});
  const toHtml = (tokens: Token[]) => sanitizeHtml(md.renderer.render(tokens, md.options, {}), sanitizeOptions);

  return {
    /** Sanitised HTML of a Markdown body: what a post's own page shows (the editor's preview too). */
    render(body: string): string {
      return toHtml(parse(body));
    },
    /**
     * A body as it is stored for the site, or why it cannot be shown whole (too deeply nested: markdown-it would
     * leave the rest out). Bounded in time for any body of the allowed length.
     */
    renderPost(body: string): PostRender {
      const tokens = parse(body);
      if (depthOf(tokens) > MARKDOWN_MAX_DEPTH) return { ok: false, problem: TOO_DEEP };
      const html = toHtml(tokens);
      return {
        ok: true,
        post: { html, listHtml: headingsDown(html), readMinutes: readMinutes(body), steps: stepsOf(tokens) },
      };
    },
    /** A stored body, whatever its shape: rendered as far as it nests (never refused, never a throw for its shape). */
    renderStored(body: string): RenderedPost {
      const tokens = parse(body);
      const html = toHtml(tokens);
      return { html, listHtml: headingsDown(html), readMinutes: readMinutes(body), steps: stepsOf(tokens) };
    },
  };
}

export type Markdown = ReturnType<typeof createMarkdown>;
