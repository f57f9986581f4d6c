/** JSON-LD as Google's rich-result checks read it: the blocks of a served page and what those checks refuse. */
export type Node = Record<string, unknown>;

/** Every object in a JSON-LD value, nested ones included. */
export function nodesOf(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (!value || typeof value !== 'object') return [];
  const node = value as Node;
  return [node, ...Object.values(node).flatMap(nodesOf)];
}

/** What Google's rich-result checks (and the structured-data testing tool's Google preset) refuse, in words. */
export function problemsOf(blocks: unknown[]): string[] {
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

export const jsonLdOf = (html: string): Node[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Node,
  );
