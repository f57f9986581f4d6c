import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLES } from '@agency/contracts';
import { renderWithHost } from '../test-utils';
import { ArticleView } from './article-view';

/** Heading levels in document order; a page must never skip one on the way down (h1 then h3). */
const levels = (root: HTMLElement) => [...root.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => Number(h.tagName[1]));

describe.each(BLOG_ARTICLES.map((a) => a.id))('article %s', (id) => {
  it.each([
    ['on its own page, under its h1 title', true, 1],
    ['on /blog, under its h2 title', false, 2],
  ])('%s, never skips a heading level', (_label, standalone, top) => {
    const { container } = renderWithHost(<ArticleView id={id} standalone={standalone} />);
    const found = levels(container);
    expect(found[0]).toBe(top);
    for (let i = 1; i < found.length; i++) expect(found[i]! - found[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
  });
});
