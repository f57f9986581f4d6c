import type { HeadTag } from '@agency/contracts';

/** Every tag `pageHead` may write besides the title and JSON-LD: what a page without it must not keep. */
const MANAGED =
  'meta[name="description"],meta[name="keywords"],meta[property^="og:"],meta[name^="twitter:"],link[rel="canonical"]';
const JSON_LD = 'script[type="application/ld+json"]';

const keyOf = (el: Element) =>
  el instanceof HTMLLinkElement
    ? `link:${el.rel}`
    : `${el.hasAttribute('property') ? 'property' : 'name'}:${el.getAttribute('property') ?? el.getAttribute('name')}`;

/**
 * Makes the document's title, meta tags and canonical link those of `tags` (contracts `pageHead`): each tag updated
 * in place or added, and those of the page before that this one has not removed. JSON-LD is left alone
 * (`applyJsonLd`): its builder is loaded apart.
 */
export function applyHeadTags(tags: readonly HeadTag[]): void {
  const wanted = new Map<string, HeadTag>();
  for (const t of tags) {
    if (t.tag === 'title') document.title = t.text;
    else if (t.tag === 'meta') wanted.set(`${t.attr}:${t.key}`, t);
    else if (t.tag === 'link') wanted.set(`link:${t.rel}`, t);
  }
  const present = new Map<string, Element>();
  for (const el of document.head.querySelectorAll(MANAGED)) {
    const key = keyOf(el);
    if (wanted.has(key) && !present.has(key)) present.set(key, el);
    else el.remove();
  }
  for (const [key, t] of wanted) {
    if (t.tag === 'meta') {
      const el = present.get(key) ?? document.head.appendChild(document.createElement('meta'));
      el.setAttribute(t.attr, t.key);
      el.setAttribute('content', t.content);
    } else if (t.tag === 'link') {
      const el = present.get(key) ?? document.head.appendChild(document.createElement('link'));
      el.setAttribute('rel', t.rel);
      el.setAttribute('href', t.href);
    }
  }
}

/** Makes the document's JSON-LD blocks exactly those of `tags`. */
export function applyJsonLd(tags: readonly HeadTag[]): void {
  for (const old of document.head.querySelectorAll(JSON_LD)) old.remove();
  for (const t of tags) {
    if (t.tag !== 'script') continue;
    const script = document.createElement('script');
    script.type = t.type;
    script.textContent = JSON.stringify(t.json);
    document.head.append(script);
  }
}
