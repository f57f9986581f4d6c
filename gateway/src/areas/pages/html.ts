import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { raw } from 'hono/html';
import {
  PAGE_DATA_ELEMENT_ID,
  POINTER_ELEMENT_ID,
  RUNTIME_CONFIG_ELEMENT_ID,
  type HeadTag,
  type PublicRuntimeConfig,
  type RemotePointer,
} from '@agency/contracts';
import type { ServerRendered } from './server-render';
import { startAfterPaint } from './start-after-paint';
import { safeJson, tag } from './tags';

/** Data for the frontends, read back by `readEmbeddedJson` in contracts. */
const jsonScript = (id: string, value: unknown) =>
  tag`<script id="${id}" type="application/json">${safeJson(value)}</script>`;

/** One head tag (contracts `pageHead`) as HTML: each value escaped, and JSON-LD unable to close its element. */
function headTagHtml(head: HeadTag) {
  switch (head.tag) {
    case 'title':
      return tag`<title>${head.text}</title>`;
    case 'meta':
      return tag`<meta ${raw(head.attr)}="${head.key}" content="${head.content}" />`;
    case 'link':
      return tag`<link rel="${head.rel}" href="${head.href}" />`;
    case 'script':
      return tag`<script type="${head.type}">${safeJson(head.json)}</script>`;
  }
}

/**
 * The shell's index.html, cut once where each page differs: its head-data and config markers, the root element,
 * the end of the head, and the tags a server-rendered page treats differently (the entry script, the stylesheet
 * preloads, the code's hints). Everything else, and those tags on a page the browser renders, stays the shell's own
 * text. `src` and `href` are kept as the template writes them (attribute text, already escaped).
 */
type Piece =
  | string
  | { slot: 'head' | 'config' | 'root' | 'head-end' }
  | { tag: string; entry: string }
  | { tag: string; style: string }
  | { tag: string; hint: string };

const TEMPLATE_TOKEN =
  /<!--app-head-->[\s\S]*?<!--\/app-head-->|<!--app-config-->|<div id="root"><\/div>|<\/head>|<script defer src="([^"]+)"><\/script>|<link rel="preload" href="([^"]+\.css)" as="style" \/>|\s*(<link rel="preload" href="[^"]+" as="(?:script|fetch)"[^>]*>)/g;

function parseTemplate(text: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  let entrySeen = false;
  for (const match of text.matchAll(TEMPLATE_TOKEN)) {
    const [token, entry, style, hint] = match;
    pieces.push(text.slice(at, match.index));
    at = match.index + token.length;
    if (token.startsWith('<!--app-head-->')) pieces.push({ slot: 'head' });
    else if (token === '<!--app-config-->') pieces.push({ slot: 'config' });
    else if (token === '<div id="root"></div>') pieces.push({ slot: 'root' });
    else if (token === '</head>') pieces.push({ slot: 'head-end' });
    else if (entry && !entrySeen) {
      entrySeen = true;
      pieces.push({ tag: token, entry });
    } else if (style) pieces.push({ tag: token, style });
    else if (hint)
      pieces.push({ tag: token, hint: hint.replace('<link rel="preload"', '<link rel="preload" fetchpriority="low"') });
    else pieces.push(token);
  }
  pieces.push(text.slice(at));
  return pieces;
}

export interface PageParts {
  /** The page's head (contracts `pageHead`). */
  head: readonly HeadTag[];
  /** Inlined for the shell, so it need not fetch it. */
  pointer?: RemotePointer;
  /** The route remote's manifest, fetched beside the shell's code rather than after it. */
  manifest?: string;
  /** Server-rendered markup for the root element; the page then also needs the shell's stylesheet to paint. */
  rendered?: ServerRendered | null;
  /** The page's content by key (page-data.ts), for the browser to hydrate with what the server rendered. */
  data?: Record<string, unknown>;
}

/**
 * The shell's index.html with the route's head and the public runtime config filled in. Crawlers that run no
 * JavaScript still see the right title and description; frontends read the config without a round trip. Values are
 * escaped by hono/html's `html` template; each page is built once per route and live pointer (page-cache.ts), so
 * none of this runs per request.
 */
export function createHtmlRenderer(shellDir: string, config: PublicRuntimeConfig) {
  let template: Promise<Piece[]> | null = null;
  const load = () => {
    template ??= readFile(path.join(shellDir, 'index.html'), 'utf8').then(parseTemplate, (error: unknown) => {
      template = null; // the shell may be built after the gateway started
      throw error;
    });
    return template;
  };
  const configTag = jsonScript(RUNTIME_CONFIG_ELEMENT_ID, config);
  // No pixel image for visitors without scripts (site-and-accounts §7 had one): they cannot give the consent the
  // pixel needs (decision 0095), so the page has nothing that reaches Meta before a choice.

  return async ({ head, pointer, manifest, rendered, data }: PageParts): Promise<string> => {
    const pieces = await load();
    // The manifest is hinted, not its chunks: on a slow link they would compete with the shell's own code, which
    // must run first (Lighthouse measured a later first paint with them).
    const manifestHint = (priority: string) =>
      manifest
        ? tag`<link rel="preload"${raw(priority)} href="${manifest}" as="fetch" crossorigin="anonymous" />`
        : null;
    const headTags = [...head.map(headTagHtml), rendered ? null : manifestHint('')].filter((t) => t !== null);
    const dataTag = data && Object.keys(data).length ? jsonScript(PAGE_DATA_ELEMENT_ID, data) : '';
    const configTags = pointer
      ? tag`${configTag}${jsonScript(POINTER_ELEMENT_ID, pointer)}${dataTag}`
      : tag`${configTag}${dataTag}`;
    if (!rendered) {
      const fill = {
        head: headTags.join('\n    '),
        config: configTags,
        root: tag`<div id="root"></div>`,
        'head-end': '</head>',
      };
      return pieces.map((p) => (typeof p === 'string' ? p : 'slot' in p ? fill[p.slot] : p.tag)).join('');
    }

    // A rendered page needs only its stylesheets to paint: the shell's (otherwise just preloaded, its code applies
    // it; the same <link> then satisfies that code) comes first, since the first stylesheet fixes the order of the
    // cascade layers every app's Tailwind declares; the page's follow. The entry script and the code's hints wait
    // for the first paint (start-after-paint.ts, decision 0014).
    const entry = pieces.find((p) => typeof p === 'object' && 'entry' in p) as { entry: string } | undefined;
    const lateHints = [
      manifestHint(' fetchpriority="low"'),
      ...pieces.map((p) => (typeof p === 'object' && 'hint' in p ? p.hint : null)),
    ].filter((t) => t !== null);
    const start = entry ? startAfterPaint(entry.entry, lateHints.map(String)) : '';
    const fill = {
      head: headTags.join('\n    '),
      config: configTags,
      root: tag`<div id="root">${raw(rendered.root)}</div>${raw(start)}`,
      'head-end': `${rendered.head.join('\n    ')}\n  </head>`,
    };
    return pieces
      .map((p) => {
        if (typeof p === 'string') return p;
        if ('slot' in p) return fill[p.slot];
        if ('style' in p) return tag`<link rel="stylesheet" href="${raw(p.style)}" />`;
        return ''; // the entry script and the code's hints: in the template the starter applies
      })
      .join('');
  };
}
