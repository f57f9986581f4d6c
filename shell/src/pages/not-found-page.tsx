import { Link } from '@agency/contracts/router';

const HELPFUL_LINKS = [
  ['/', 'Home'],
  ['/services', 'Services'],
  ['/price-calculator', 'Packages'],
  ['/contact', 'Contact'],
] as const;

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-slate-600">
        Sorry, the page you're looking for doesn't exist. It might have been moved, deleted, or you entered the wrong
        URL.
      </p>
      <nav aria-label="Helpful links" className="mt-8 flex flex-wrap justify-center gap-4">
        {HELPFUL_LINKS.map(([to, label]) => (
          <Link key={to} className="underline" to={to}>
            {label}
          </Link>
        ))}
      </nav>
      <Link
        to="/contact"
        className="mt-8 inline-block rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Get Support
      </Link>
    </section>
  );
}
