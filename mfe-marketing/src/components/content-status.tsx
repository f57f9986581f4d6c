import { Link } from '@agency/contracts/router';
import type { PageData } from './use-page-data';

/**
 * What a content page shows until its content is there: a line while it loads, the not-found text when the item
 * is not public (the gateway answered such a URL 404 on a first load), a retry when the call failed.
 */
export function ContentStatus({
  state,
  missing,
}: {
  state: Exclude<PageData<unknown>, { status: 'ready' }>;
  missing: string;
}) {
  if (state.status === 'loading')
    return (
      <p role="status" className="mx-auto max-w-4xl px-4 py-24 text-center text-slate-600">
        Loading...
      </p>
    );
  if (state.status === 'missing')
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{missing}</h1>
        <p className="mt-4 text-slate-700">It may have been moved or taken down.</p>
        <p className="mt-6">
          <Link to="/blog" className="font-semibold text-brand-700 underline">
            Read our blog
          </Link>{' '}
          or{' '}
          <Link to="/services" className="font-semibold text-brand-700 underline">
            see our services
          </Link>
          .
        </p>
      </section>
    );
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-lg text-slate-800">We couldn't load this just now.</p>
      <button
        type="button"
        onClick={state.retry}
        className="mt-6 rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700"
      >
        Try again
      </button>
    </section>
  );
}
