import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from '@agency/contracts/router';

export function Breadcrumb({ trail }: { trail: readonly (readonly [label: string, to?: string])[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map(([label, to], i) => (
          <li key={label} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            {to ? (
              <Link to={to} className="hover:text-brand-700 hover:underline">
                {label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">
                {label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function Section({
  title,
  intro,
  children,
  className = '',
  id,
  tone = 'white',
}: {
  title?: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
  tone?: 'white' | 'tint' | 'dark';
}) {
  const tones = { white: 'bg-white', tint: 'bg-brand-50', dark: 'bg-slate-900 text-white' };
  return (
    <section id={id} className={`defer-render ${tones[tone]} ${className}`}>
      <div className="mx-auto max-w-6xl px-4 py-16">
        {title && (
          <h2 className={`text-3xl font-bold tracking-tight ${tone === 'dark' ? 'text-white' : 'text-slate-900'}`}>
            {title}
          </h2>
        )}
        {intro && (
          <div className={`mt-4 max-w-3xl text-lg ${tone === 'dark' ? 'text-slate-200' : 'text-slate-700'}`}>
            {intro}
          </div>
        )}
        {children && <div className={title || intro ? 'mt-10' : ''}>{children}</div>}
      </div>
    </section>
  );
}

/** A titled card; its icon only illustrates the title, so assistive technology skips it. */
export function Card({ title, children, icon: Icon }: { title: string; children: ReactNode; icon?: LucideIcon }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {Icon && <Icon aria-hidden="true" className="mb-3 h-8 w-8 text-brand-600" strokeWidth={1.75} />}
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 text-slate-700">{children}</div>
    </div>
  );
}

/** Titled paragraphs (each with an icon, if given) as cards in a grid (`className` sets its columns). */
export function Cards({
  items,
  className,
}: {
  items: readonly (readonly [title: string, text: string, icon?: LucideIcon])[];
  className: string;
}) {
  return (
    <div className={`grid gap-6 ${className}`}>
      {items.map(([title, text, icon]) => (
        <Card key={title} title={title} icon={icon}>
          {text}
        </Card>
      ))}
    </div>
  );
}

/** The three numbered steps several pages share (book a chat, get a plan, see results). */
export function Steps({ steps }: { steps: readonly (readonly [title: string, text: string])[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map(([title, text], i) => (
        <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-slate-700">{text}</p>
        </li>
      ))}
    </ol>
  );
}
