import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { RemotePageProps } from '@agency/contracts';
import { HostProvider } from '../host-context';
import '../styles.css';

const subscribeNever = () => () => {};

/**
 * Server-rendered controls stay disabled until their code runs: a choice made earlier would be reset by
 * hydration, and a form sent earlier would go out as a plain GET with its fields in the URL. The flag is false
 * while React hydrates server HTML (decision 0013) and true from the start of a render in the browser. Its own
 * component, so the re-render that enables the controls stops here: `children` is the same element and React
 * skips the page below instead of rendering it again in one blocking task.
 */
function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!hydrated} style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}

/**
 * Wraps a component so the shell (or a marketing page) can render it with only a `host` prop: every
 * component below reaches toasts and runtime config through the HostProvider.
 */
export function withHost<P extends object>(Component: ComponentType<P>) {
  function Exposed({ host, ...props }: RemotePageProps & P) {
    return (
      <HostProvider host={host}>
        {/* The root its scoped stylesheet matches (contracts/build/scope-remote-css.mjs); no box of its own. */}
        <div data-remote="quoting" style={{ display: 'contents' }}>
          <HydrationGate>
            <Component {...(props as unknown as P)} />
          </HydrationGate>
        </div>
      </HostProvider>
    );
  }
  Exposed.displayName = `withHost(${Component.displayName ?? Component.name})`;
  return Exposed;
}
