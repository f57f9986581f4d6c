import { createContext, useContext, type ReactNode } from 'react';
import { Link } from '@agency/contracts/router';

/**
 * The level of an article's section headings: one below its title, which is an h2 among the articles of /blog and
 * the h1 of a stand-alone article page (headings must not skip a level).
 */
export const SectionHeadingLevel = createContext<2 | 3>(3);

/** Small building blocks so article bodies read like the prose they are. */
export function H({ children }: { children: ReactNode }) {
  const Tag = useContext(SectionHeadingLevel) === 2 ? 'h2' : 'h3';
  return <Tag className="mt-8 text-xl font-bold text-slate-900">{children}</Tag>;
}

export function P({ children }: { children: ReactNode }) {
  return <p className="mt-4 leading-relaxed text-slate-700">{children}</p>;
}

export function Bullets({ items, ordered = false }: { items: readonly ReactNode[]; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className={`mt-4 space-y-2 pl-5 text-slate-700 ${ordered ? 'list-decimal' : 'list-disc'}`}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </Tag>
  );
}

export function BlogLink({ to, children }: { to: 'seo-strategies' | 'google-business-profile'; children: ReactNode }) {
  return (
    <Link to={`/blog#${to}`} className="font-medium text-brand-700 underline">
      {children}
    </Link>
  );
}
