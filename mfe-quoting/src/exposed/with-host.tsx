import { useSyncExternalStore, type ComponentType } from 'react';
import type { RemotePageProps } from '@agency/contracts';
import { HostProvider } from '../host-context';
import '../styles.css';

/**
 * Wraps a component so the shell (or a marketing page) can render it with only a `host` prop: every
 * component below reaches toasts and runtime config through the HostProvider.
 */
const subscribeNever = () => () => {};

/**
 * False while React hydrates server-rendered HTML (decision 0013), true once the page's code runs it, and true
 * from the start of a render in the browser.
 */
const useHydrated = () => useSyncExternalStore(subscribeNever, () => true, () => false);

export function withHost<P extends object>(Component: ComponentType<P>) {
  function Exposed({ host, ...props }: RemotePageProps & P) {
    const hydrated = useHydrated();
    return (
      <HostProvider host={host}>
        {/* The root its scoped stylesheet matches (contracts/build/scope-remote-css.mjs); no box of its own. */}
        <div data-remote="quoting" style={{ display: 'contents' }}>
          {/* Server-rendered controls stay disabled until their code runs: a choice made earlier would be reset by
              hydration, and a form sent earlier would go out as a plain GET with its fields in the URL. */}
          <fieldset disabled={!hydrated} style={{ display: 'contents' }}>
            <Component {...(props as unknown as P)} />
          </fieldset>
        </div>
      </HostProvider>
    );
  }
  Exposed.displayName = `withHost(${Component.displayName ?? Component.name})`;
  return Exposed;
}
