import { PAGES } from '@agency/contracts';
import { expect, test } from '../support/fixtures';
import { samplePath } from '../support/sample-paths';

type Node = Record<string, unknown>;

/** Every object in a JSON-LD value, nested ones included. */
function nodesOf(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (!value || typeof value !== 'object') return [];
  const node = value as Node;
  return [node, ...Object.values(node).flatMap(nodesOf)];
}

/** What Google's rich-result checks (and the structured-data testing tool's Google preset) refuse, in words. */
function problemsOf(blocks: unknown[]): string[] {
  const nodes = blocks.flatMap(nodesOf);
  const problems: string[] = [];
  const defined = new Set(nodes.filter((n) => n['@id'] && n['@type']).map((n) => n['@id']));
  for (const n of nodes) {
    if (!n['@type']) problems.push(`a node without @type: ${JSON.stringify(n).slice(0, 120)}`);
    if (typeof n['@id'] === 'string' && !defined.has(n['@id'])) problems.push(`@id ${n['@id']} is not defined`);
    const type = String(n['@type']);
    if (['Article', 'BlogPosting', 'NewsArticle'].includes(type)) {
      for (const key of ['headline', 'image', 'author', 'publisher'])
        if (!n[key]) problems.push(`${type} without ${key}`);
      if (type === 'BlogPosting' && !n.datePublished) problems.push('BlogPosting without datePublished');
      const publisher = n.publisher as Node | undefined;
      if (publisher && !(publisher['@type'] && publisher.name && (publisher.logo as Node | undefined)?.url))
        problems.push(`${type} publisher without @type, name and logo`);
      const author = n.author as Node | undefined;
      if (author && !(author['@type'] && author.name)) problems.push(`${type} author without @type and name`);
    }
    if (type === 'BreadcrumbList')
      for (const item of (n.itemListElement as Node[]) ?? [])
        if (!item.name || !item.item || !item.position)
          problems.push('a breadcrumb item without name, item or position');
    if (type === 'FAQPage' && !(n.mainEntity as Node[] | undefined)?.length) problems.push('FAQPage without questions');
    if (type === 'Question' && !(n.acceptedAnswer as Node | undefined)?.text) problems.push('Question without answer');
    if (type === 'HowTo' && !(n.step as Node[] | undefined)?.length) problems.push('HowTo without steps');
    if (type === 'Offer' && n.price === undefined && !n.priceSpecification) problems.push('Offer without price');
  }
  return problems;
}

const jsonLdOf = (html: string): Node[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Node,
  );

test.describe('structured data', () => {
  test("every public page's JSON-LD passes Google's rich-result requirements for its type", async ({ page }) => {
    test.setTimeout(300_000);
    const paths = Object.entries(PAGES)
      .filter(([, spec]) => spec?.structuredData)
      .map(([path]) => samplePath({ path }));
    expect(paths).toContain('/blog/seo-strategies');
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      // What a crawler reads: the server's HTML.
      const blocks = jsonLdOf(await (await page.request.get(path)).text());
      expect(blocks.length, `${path} has JSON-LD`).toBeGreaterThan(0);
      found[path] = problemsOf(blocks);
    }
    expect(found).toEqual(Object.fromEntries(paths.map((p) => [p, []])));
  });

  test("a blog post's publisher is the agency, typed, with its logo, and defined on the page", async ({ page }) => {
    await page.goto('/blog/seo-strategies');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('10 SEO Tactics');
    const html = await (await page.request.get('/blog/seo-strategies')).text();
    const posting = jsonLdOf(html).find((n) => n['@type'] === 'BlogPosting');
    expect(posting?.publisher).toMatchObject({
      '@type': 'Organization',
      '@id': expect.stringMatching(/\/#organization$/),
      name: 'Be Loud Digital',
      logo: { '@type': 'ImageObject', url: expect.stringMatching(/^http.*\/favicon\.svg$/) },
    });
    expect(
      (await page.request.get(new URL(((posting?.publisher as Node).logo as Node).url as string).pathname)).ok(),
    ).toBe(true);
  });
});
