import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { SessionState } from '@agency/contracts/client';
import { hostApi } from '../../host-api';

/** Subscribes to the shared session store; reads the session on mount when the last read is stale (site-and-accounts §9). */
export function useSession<T>(select: (s: SessionState) => T): T {
  useEffect(() => {
    void hostApi.session.getState().refresh();
  }, []);
  return useStore(hostApi.session, select);
}
