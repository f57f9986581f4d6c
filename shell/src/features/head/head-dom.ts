import type { HeadTag } from '@agency/contracts';

/** Every tag `pageHead` may write besides the title and JSON-LD: what a page without it must not keep. */
const META =
  'meta[name="description"],meta[name="keywords"],meta[property^="og:"],meta[name^="twitter:"],link[rel="canonical"]';
const JSON_LD = 'script[type="application/ld+json"]';

/**
 * Makes the document's head that of `tags` (contracts `pageHead`): the title, and either the meta tags with the
 * canonical link or, with `jsonLd`, the JSON-LD blocks (whose builder is loaded apart). The tags of that part the
 * page before had go first.
 */
export function applyHead(tags: readonly HeadTag[], jsonLd = false): void {
  for (const old of document.head.querySelectorAll(jsonLd ? JSON_LD : META)) old.remove();
  for (const t of tags) {
    if (t.tag === 'title') document.title = t.text;
    else if ((t.tag === 'script') === jsonLd) {
      const el = document.createElement(t.tag);
      if (t.tag === 'meta') {
        el.setAttribute(t.attr, t.key);
        el.setAttribute('content', t.content);
      } else if (t.tag === 'link') {
        el.setAttribute('rel', t.rel);
        el.setAttribute('href', t.href);
      } else {
        el.setAttribute('type', t.type);
        el.textContent = JSON.stringify(t.json);
      }
      document.head.append(el);
    }
  }
}
