import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverErrorText } from '@agency/contracts/client';

/** A panel's place while what it shows is on its way. */
export function Loading() {
  return (
    <p role="status" className="py-8 text-slate-500">
      Loading...
    </p>
  );
}

/**
 * Loading, error (with a retry) and ready states of one query, the same way on every panel. A page change keeps
 * the previous page on screen until the next arrives (the list queries' `placeholderData`).
 */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        <p>Could not load this: {serverErrorText(query.error, 'Unknown error')}</p>
        <button type="button" onClick={() => void query.refetch()} className="mt-2 font-semibold underline">
          Try again
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

export function Pager({
  page,
  pageSize,
  total,
  atLeast = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The count stopped at `total`: there may be more pages than it makes. */
  atLeast?: boolean;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && !atLeast) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className="rounded border px-3 py-1 disabled:opacity-40"
      >
        Previous
      </button>
      <span>
        Page {page} of {pages}
        {atLeast && ' or more'}
      </span>
      <button
        type="button"
        disabled={page >= pages && !atLeast}
        onClick={() => onPage(page + 1)}
        className="rounded border px-3 py-1 disabled:opacity-40"
      >
        Next
      </button>
    </nav>
  );
}
