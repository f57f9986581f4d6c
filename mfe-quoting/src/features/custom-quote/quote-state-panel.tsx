import { Link } from '@agency/contracts/router';

interface Props {
  title: string;
  message: string;
  buttonText: string;
}

/**
 * The error and empty states both lead back to the price calculator. Shown over the page's summary and form, in the
 * same grid cell, under the page's own heading.
 */
export function QuoteStatePanel({ title, message, buttonText }: Props) {
  return (
    <section className="col-start-1 row-start-1 mx-auto w-full max-w-xl self-start rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      <p className="mt-3 text-slate-600">{message}</p>
      <Link
        to="/price-calculator"
        className="mt-8 inline-block rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        {buttonText}
      </Link>
    </section>
  );
}
