import { useCallback, useEffect, useState } from 'react';
import type { PageDataKey, PageDataOf } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';

export type PageData<T> =
  | { status: 'ready'; data: T }
  | { status: 'loading' }
  /** The item does not exist, or is not public (a draft, a deleted post). */
  | { status: 'missing' }
  | { status: 'error'; retry: () => void };

const fromHost = <T>(value: unknown): PageData<T> | null =>
  value === undefined ? null : value === null ? { status: 'missing' } : { status: 'ready', data: value as T };

/**
 * Staff-edited content of a page (decision 0034): what the gateway put in the page it served (so server-rendered
 * markup hydrates with the very data it was made from), else fetched from the same public API call after a
 * client-side navigation and parsed by its schema (fetch-page-data.ts, loaded then). The shell is told what the
 * page shows (`contentShown`), and writes the head from it. No zod in the first load: the page's own data was made by
 * the gateway's API in the same request, and the marketing pages ship without it.
 */
export function usePageData<K extends PageDataKey>(key: K): PageData<PageDataOf<K>> {
  type T = PageDataOf<K>;
  const host = useHost();
  const [state, setState] = useState<{ key: string; value: PageData<T> }>(() => ({
    key,
    value: fromHost<T>(host.pageData?.(key)) ?? { status: 'loading' },
  }));
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A new key (another post) starts from what the page carries for it, if anything.
  const current =
    state.key === key ? state.value : (fromHost<T>(host.pageData?.(key)) ?? ({ status: 'loading' } as const));

  useEffect(() => {
    if (current.status === 'ready' || current.status === 'missing') {
      if (state.key !== key) setState({ key, value: current });
      return;
    }
    let live = true;
    import('./fetch-page-data')
      .then(({ fetchPageData }) => fetchPageData(key))
      .then(
        (data) => live && setState({ key, value: data === null ? { status: 'missing' } : { status: 'ready', data } }),
        () => live && setState({ key, value: { status: 'error', retry } }),
      );
    return () => {
      live = false;
    };
    // `current` is derived from the key and the state; refetch on a new key or a retry only.
  }, [key, attempt]);

  // The shell writes the page's head from the content it shows (a post's title, description and image).
  const shown = current.status === 'ready' ? current.data : current.status === 'missing' ? null : undefined;
  useEffect(() => {
    if (shown !== undefined) host.contentShown?.(key, shown);
  }, [host, key, shown]);

  return current;
}
