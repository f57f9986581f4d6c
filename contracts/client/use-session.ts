import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useHost } from './host-context';
import type { SessionState } from './session-store';

/**
 * The site's session, from the one store the shell creates and lends every page as `host.session` (a remote's
 * exposed module gets it through its own HostProvider, the shell's own tree through the one at its root). zustand is
 * a federation singleton, so the shell and every remote subscribe to that same store. Reads the session on mount when
 * the last read is stale (site-and-accounts §9).
 */
export function useSession<T>(select: (s: SessionState) => T): T {
  const { session } = useHost();
  useEffect(() => {
    void session.getState().refresh();
  }, [session]);
  return useStore(session, select);
}
