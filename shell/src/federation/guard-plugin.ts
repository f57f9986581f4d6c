import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportRemoteLoadFailure } from './load-events';

/**
 * Observes every failed remote load so the shell can report it. It returns no fail-over module on purpose:
 * the error reaches the route's error boundary, which shows the section's fallback with a retry, while the
 * rest of the page (other remotes, header, footer) keeps working. No shared dependency is imported here.
 */
export default function guardPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agency-remote-guard',
    errorLoadRemote({ id, error, lifecycle }) {
      reportRemoteLoadFailure({
        id,
        lifecycle,
        message: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    },
  };
}
