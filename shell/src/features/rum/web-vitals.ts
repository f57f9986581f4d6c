import { findRoute, type RemoteName } from '@agency/contracts';
import { isSampled, recordRum } from './rum-queue';

/** The remote owning the page at `path`, if a remote owns it (the 404 page is the shell's). */
const ownerOf = (path: string): RemoteName | undefined => findRoute(path)?.owner;

/**
 * Core Web Vitals of the pages each remote owns, with the `web-vitals` library, loaded only for sampled page loads
 * and only after the page is up (its observers read buffered entries, so nothing is missed by starting late). LCP
 * belongs to the page the visitor landed on; INP and CLS, reported when the page is hidden, to the page shown then.
 */
export async function startWebVitals(versionOf: (remote: RemoteName) => string | undefined): Promise<void> {
  if (!isSampled()) return;
  const landing = ownerOf(location.pathname);
  const { onLCP, onINP, onCLS } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
  const report = (remote: RemoteName | undefined, kind: 'lcp' | 'inp' | 'cls', value: number) => {
    const version = remote && versionOf(remote);
    if (remote && version) recordRum({ remote, version, kind, value });
  };
  onLCP((m) => report(landing, 'lcp', m.value));
  onINP((m) => report(ownerOf(location.pathname), 'inp', m.value));
  onCLS((m) => report(ownerOf(location.pathname), 'cls', m.value));
}
