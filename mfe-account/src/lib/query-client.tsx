import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isHttpError, useHost } from '@agency/contracts/client';

/** Data stays fresh for 10 minutes (site-and-accounts §9); the dashboard's writes invalidate what they change. */
const FRESH_MS = 10 * 60_000;

/**
 * site-and-accounts §9's defaults: no retry for queries or mutations, data fresh for 10 minutes, no refetch on window focus or on
 * an interval, refetched on mount once stale.
 */
const createQueryClient = (onUnauthenticated: () => void) => {
  // Any read or write answered 401 means the session ended elsewhere (signed out on another device, expired,
  // revoked): the session store is told, and the protected page sends the person to sign-in and back (decision
  // 0102) instead of every panel showing "Not authenticated".
  const onError = (error: unknown) => {
    if (isHttpError(error) && error.status === 401) onUnauthenticated();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: FRESH_MS, retry: false, refetchOnWindowFocus: false, refetchInterval: false },
      // A write offline fails at once (not paused until the browser is back): the form says so in words and saves
      // again itself when the connection returns (staff-form.tsx, use-draft.ts).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
};

/**
 * The dashboard's server state (decision 0030). One client per signed-in user: the caller keys this provider by
 * the user's id, so nothing one account read is ever shown to the next one to sign in on the same page.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const { session } = useHost();
  const [client] = useState(() => createQueryClient(() => session.getState().sessionEnded()));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * A dashboard write: runs `mutationFn`, then marks the queries under `invalidates` stale (a function of the
 * call's variables where the key depends on them), so every panel showing them reads them again.
 * `afterFailureToo` re-reads after a refused write as well, where the screen may show what was not saved.
 */
export function useInvalidatingMutation<TVariables, TData = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidates: QueryKey | ((variables: TVariables) => QueryKey),
  { afterFailureToo = false }: { afterFailureToo?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const refresh = (variables: TVariables) =>
    queryClient.invalidateQueries({
      queryKey: typeof invalidates === 'function' ? invalidates(variables) : invalidates,
    });
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => refresh(variables),
    onError: (_error, variables) => (afterFailureToo ? refresh(variables) : undefined),
  });
}
