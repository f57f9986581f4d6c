import type { ReactNode } from 'react';
import type { ApiState } from '../lib/use-api';

/** Loading, error (with a retry) and ready states of one API read, the same way on every panel. */
export function StateView<T>({
  state,
  onRetry,
  children,
}: {
  state: ApiState<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading')
    return (
      <p role="status" className="py-8 text-slate-500">
        Loading...
      </p>
    );
  if (state.status === 'error') {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        <p>Could not load this: {state.message}</p>
        <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
          Try again
        </button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
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
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className="rounded border px-3 py-1 disabled:opacity-40"
      >
        Next
      </button>
    </nav>
  );
}
