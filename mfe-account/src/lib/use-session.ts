import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useHost, type SessionState } from '@agency/contracts/client';

/** The shell's session store, read on mount when stale (site-and-accounts §9). */
export function useSession<T>(select: (s: SessionState) => T): T {
  const { session } = useHost();
  useEffect(() => {
    void session.getState().refresh();
  }, [session]);
  return useStore(session, select);
}
