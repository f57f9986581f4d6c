import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENCY_NAME,
  pixelNoscriptImageUrl,
  POINTER_ELEMENT_ID,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RemotePointer,
  structuredDataFor,
  type JsonLd,
  type PublicRuntimeConfig,
  type RouteDef,
} from '@agency/contracts';
import type { ServerRendered } from './server-render';
import { startAfterPaint } from './start-after-paint';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script> must not be able to close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Data for the frontends, read back by `readEmbeddedJson` in contracts. */
const jsonScript = (id: string, value: unknown) =>
  `<script id="${id}" type="application/json">${safeJson(value)}</script>`;

export interface HeadData {
  title: string;
  description: string;
  keywords: readonly string[];
  canonicalPath?: string;
  structuredData?: readonly JsonLd[];
}

export function headFor(route: RouteDef, origin: string): HeadData {
  return {
    title: route.title,
    description: route.description,
    keywords: route.keywords,
    canonicalPath: route.path,
    structuredData: structuredDataFor(route.path, origin),
  };
}

/** Canonical URL and the Open Graph card link previews use (only for real pages, never the 404). */
function canonicalTags(url: string, head: HeadData): string[] {
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(AGENCY_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="en_NZ" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
  ];
}

const CSS_PRELOAD = /<link rel="preload" href="([^"]+\.css)" as="style" \/>/g;
const ENTRY_SCRIPT = /<script defer src="([^"]+)"><\/script>/;
const CODE_HINT = /\s*<link rel="preload" href="[^"]+" as="(?:script|fetch)"[^>]*>/g;

/**
 * Rendered markup needs only its stylesheets for first paint: the shell's (otherwise just preloaded, its code
 * applies it; the same <link> then satisfies that code) comes first, since the first stylesheet fixes the order of
 * the cascade layers every app's Tailwind declares; the page's follow. The entry script and the code's hints
 * (shell chunks, the remote's manifest) wait for the first paint (start-after-paint.ts, decision 0014).
 */
function withRendered(page: string, rendered: ServerRendered): string {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  let html = page
    .replace(CSS_PRELOAD, '<link rel="stylesheet" href="$1" />')
    .replace('</head>', `${rendered.head.join('\n    ')}\n  </head>`);
  let start = '';
  if (entry) {
    const hints: string[] = [];
    html = html.replace(ENTRY_SCRIPT, '').replace(CODE_HINT, (tag) => {
      hints.push(tag.trim().replace('<link rel="preload"', '<link rel="preload" fetchpriority="low"'));
      return '';
    });
    start = startAfterPaint(escapeHtml(entry), hints);
  }
  // A function, so that `$` in the markup (prices) is never read as a replacement pattern.
  return html.replace('<div id="root"></div>', () => `<div id="root">${rendered.root}</div>${start}`);
}

/**
 * The shell's index.html with the route's head and the public runtime config filled in. Crawlers that run no
 * JavaScript still see the right title and description; frontends read the config without a round trip.
 */
export function createHtmlRenderer(shellDir: string, config: PublicRuntimeConfig) {
  let template: Promise<string> | null = null;
  const load = () => {
    template ??= readFile(path.join(shellDir, 'index.html'), 'utf8').catch((error: unknown) => {
      template = null; // the shell may be built after the gateway started
      throw error;
    });
    return template;
  };
  const configTag = jsonScript(RUNTIME_CONFIG_ELEMENT_ID, config);
  // The pixel's tracking image for visitors without scripts (site-and-accounts §7), at the end of the body.
  const pixelImage = config.pixelId
    ? `<noscript><img height="1" width="1" alt="" style="display:none" src="${escapeHtml(pixelNoscriptImageUrl(config.pixelId))}" /></noscript>`
    : '';

  /**
   * `pointer` is inlined for the shell; `preload` are ready-made link tags for the route's remote; `rendered` is
   * server-rendered markup for the root element, which then also needs the shell's stylesheet before first paint.
   */
  return async (
    head: HeadData,
    extras: { pointer?: RemotePointer; preload?: readonly string[]; rendered?: ServerRendered | null } = {},
  ): Promise<string> => {
    const html = await load();
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
      head.keywords.length ? `<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}" />` : '',
      ...(head.canonicalPath ? canonicalTags(config.publicOrigin + head.canonicalPath, head) : []),
      ...(head.structuredData ?? []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
      ...(extras.preload ?? []),
    ].filter(Boolean);
    const pointerTag = extras.pointer ? jsonScript(POINTER_ELEMENT_ID, extras.pointer) : '';
    const page = html
      .replace(/<!--app-head-->[\s\S]*?<!--\/app-head-->/, tags.join('\n    '))
      .replace('<!--app-config-->', configTag + pointerTag)
      .replace('</body>', `${pixelImage}</body>`);
    if (!extras.rendered) return page;
    return withRendered(page, extras.rendered);
  };
}
