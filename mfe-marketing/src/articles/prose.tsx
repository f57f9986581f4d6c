import type { ReactNode } from 'react';
import { Link } from '@agency/contracts/router';

/** Small building blocks so article bodies read like the prose they are. */
export function H({ children }: { children: ReactNode }) {
  return <h3 className="mt-8 text-xl font-bold text-slate-900">{children}</h3>;
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
