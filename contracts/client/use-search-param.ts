import { useSyncExternalStore } from 'react';
import { useSearchParams } from '@agency/contracts/router';

const subscribeNever = () => () => {};

/**
 * A query parameter of a server-rendered page. The gateway renders a page once per route without its query string
 * (decision 0013), so while React hydrates that markup this answers `whileHydrating` (what the server rendered
 * with) and the real value from the render after: the first browser render matches the server's HTML instead of
 * replacing it. A parameter the route lists in `serverQuery` (`rendered: 'by-presence'`) was rendered by whether the
 * request had it (with a placeholder value): while hydrating, and on the server, `whileHydrating` when the URL has
 * it and null when not. A page reached in the browser (no hydration) reads the real value at once.
 */
export function useSearchParam(
  name: string,
  whileHydrating: string | null,
  { rendered = 'without-query' }: { rendered?: 'without-query' | 'by-presence' } = {},
): string | null {
  const [params] = useSearchParams();
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (hydrated) return params.get(name);
  return rendered === 'by-presence' && !params.has(name) ? null : whileHydrating;
}
