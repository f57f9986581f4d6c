/**
 * Stand-in for shell/src/federation/remotes.ts in the single-bundle build (bench only): the remotes' exposed
 * modules (generated from each remote's src/pages.ts under src/.pages/, see build.ts) are imported directly, each as its own lazy chunk as federation would load it, with no federation
 * runtime, manifests or remote entries. The product never ships this; it exists to price federation.
 */
import type { RemoteName } from '@agency/contracts';

interface WebpackContext {
  (request: string): Promise<unknown>;
  keys(): string[];
}
declare global {
  interface ImportMeta {
    webpackContext(
      dir: string,
      options: { recursive?: boolean; regExp?: RegExp; mode?: 'lazy' | 'sync' | 'eager' },
    ): WebpackContext;
  }
}

const exposed: Record<RemoteName, WebpackContext> = {
  marketing: import.meta.webpackContext('../../mfe-marketing/src/.pages', {
    recursive: false,
    regExp: /-page\.js$/,
    mode: 'lazy',
  }),
  quoting: import.meta.webpackContext('../../mfe-quoting/src/.pages', {
    recursive: false,
    regExp: /-page\.js$/,
    mode: 'lazy',
  }),
  account: import.meta.webpackContext('../../mfe-account/src/.pages', {
    recursive: false,
    regExp: /-page\.js$/,
    mode: 'lazy',
  }),
};

export async function initRemotes(): Promise<void> {}

export async function refreshRemote(_name: RemoteName): Promise<void> {}

export async function loadRemoteModule<T>(name: RemoteName, module: string): Promise<T> {
  return (await exposed[name](`./${module}.js`)) as T;
}

/** One build has one version; the shell's measurements (features/rum) run as they do over federation. */
export const versionOf = (_name: RemoteName): string | undefined => 'single-bundle';
export const loadFailures = new WeakSet<object>();
export function markPageLoad(_name: RemoteName, _rendered: boolean): void {}
