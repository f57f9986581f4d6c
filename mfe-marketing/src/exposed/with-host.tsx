import type { ComponentType } from 'react';
import type { RemotePageProps } from '@agency/contracts';
import { HostProvider } from '../host-context';
import '../styles.css';

/**
 * Wraps a component so the shell (or a marketing page) can render it with only a `host` prop: every
 * component below reaches toasts and runtime config through the HostProvider.
 */
export function withHost<P extends object>(Component: ComponentType<P>) {
  function Exposed({ host, ...props }: RemotePageProps & P) {
    return (
      <HostProvider host={host}>
        {/* The root its scoped stylesheet matches (contracts/build/scope-remote-css.mjs); no box of its own. */}
        <div data-remote="marketing" style={{ display: 'contents' }}>
          <Component {...(props as unknown as P)} />
        </div>
      </HostProvider>
    );
  }
  Exposed.displayName = `withHost(${Component.displayName ?? Component.name})`;
  return Exposed;
}
