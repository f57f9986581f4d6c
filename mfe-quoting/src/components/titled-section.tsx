import type { ReactNode } from 'react';

/**
 * A landing-page section under its h2, which labels it. `className` is the section's own box; `inner`, when
 * given, is a centred box inside it (a band of colour across the page, its content kept narrow).
 */
export function TitledSection({
  id,
  title,
  className,
  inner,
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  inner?: string;
  children: ReactNode;
}) {
  const body = (
    <>
      <h2 id={`${id}-heading`} className="text-3xl font-bold">
        {title}
      </h2>
      {children}
    </>
  );
  return (
    <section className={className} aria-labelledby={`${id}-heading`}>
      {inner ? <div className={inner}>{body}</div> : body}
    </section>
  );
}
