import { createContext, useContext, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from '../src/remotes';
import type { HostApi, RemotePageProps } from './host';

// Each remote bundles its own copy of this module, so each has its own context: a page of one remote rendering a
// form of another (through the shell's loadRemote) gives that form the host again through its own wrapper.
const HostContext = createContext<HostApi | null>(null);

/** Every exposed module wraps its tree in this, so any component below can reach the shell's services. */
export function HostProvider({ host, children }: { host: HostApi; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): HostApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside a HostProvider');
  return host;
}

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

export interface ExposedModuleOptions {
  remote: RemoteName;
  /** Keep form controls disabled until the page's code has taken server-rendered markup over. */
  disableControlsUntilHydrated?: boolean;
}

/**
 * The `withHost` of a remote: wraps a component so the shell (or another remote's page) can render it with only a
 * `host` prop. The wrapper is the root the remote's scoped stylesheet matches (`data-remote`, see
 * build/scope-remote-css.mjs) and has no box of its own.
 */
export function exposedModule({ remote, disableControlsUntilHydrated = false }: ExposedModuleOptions) {
  return function withHost<P extends object>(Component: ComponentType<P>) {
    function Exposed({ host, ...props }: RemotePageProps & P) {
      const page = <Component {...(props as unknown as P)} />;
      return (
        <HostProvider host={host}>
          <div data-remote={remote} style={{ display: 'contents' }}>
            {disableControlsUntilHydrated ? <HydrationGate>{page}</HydrationGate> : page}
          </div>
        </HostProvider>
      );
    }
    Exposed.displayName = `withHost(${Component.displayName ?? Component.name})`;
    return Exposed;
  };
}
