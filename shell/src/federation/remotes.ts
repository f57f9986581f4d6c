import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  POINTER_ELEMENT_ID,
  POINTER_PATH,
  parseRemotePointer,
  REMOTE_LOAD_FAILURE_PATH,
  REMOTE_NAMES,
  remoteScope,
  remotesOfSite,
  type endpoints,
  type JsonBodyOf,
  type RemoteName,
  type RemotePointer,
} from '@agency/contracts';
import { http, readEmbeddedJson, withTraceparent } from '@agency/contracts/client';
import { recordRum } from '../features/rum/rum-queue';
import { pageConfig } from '../page-config';
import { yieldToMain } from '../yield-to-main';

/** A hanging remote must not keep a section spinning forever. */
const LOAD_TIMEOUT_MS = 15_000;

let pointer: RemotePointer | null = null;

/** The version of a remote this page load uses (the pointer's), for its measurements. */
export const versionOf = (name: RemoteName): string | undefined => pointer?.remotes[name]?.version;

async function fetchPointer(): Promise<RemotePointer> {
  const parsed = parseRemotePointer(await http.get(POINTER_PATH, { cache: 'no-store' }));
  if (!parsed) throw new Error(`${POINTER_PATH} is not a pointer document`);
  return parsed;
}

/**
 * The remotes this page may load: its site's (decision 0077). The gateway's pointer for the portal names only the
 * account remote; this holds even if a pointer named more.
 */
const ownRemotes: readonly RemoteName[] = remotesOfSite(pageConfig.site);

function register(next: RemotePointer, names: readonly RemoteName[], force: boolean): void {
  const entries = names
    .filter((name) => ownRemotes.includes(name))
    .flatMap((name) => {
      const target = next.remotes[name];
      return target ? [{ name: remoteScope(name), alias: name, entry: new URL(target.entry, location.href).href }] : [];
    });
  registerRemotes(entries, { force });
}

/** The pointer the gateway inlined into this page, if any (a page served by another host may have none). */
const inlinePointer = (): RemotePointer | null => parseRemotePointer(readEmbeddedJson(document, POINTER_ELEMENT_ID));

/** Called once before the first render: which version of each remote this page load uses. */
export async function initRemotes(): Promise<void> {
  try {
    pointer = inlinePointer() ?? (await fetchPointer());
    register(pointer, REMOTE_NAMES, false);
  } catch (error) {
    // Without a pointer the shell still renders its own parts; each section shows its fallback.
    console.error('Remote pointer unavailable', error);
  }
}

/**
 * Re-reads the pointer and re-registers one remote, dropping whatever the runtime cached for it, so a retry
 * after an outage (or after a deployment) loads a fresh container.
 */
export async function refreshRemote(name: RemoteName): Promise<void> {
  pointer = await fetchPointer();
  register(pointer, [name], true);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out loading ${what}`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Tells the gateway's /metrics that a remote failed to load here; best effort, never throws. */
function reportFailure(remote: RemoteName, module: string) {
  try {
    const report = { remote, module } satisfies JsonBodyOf<typeof endpoints.remoteLoadFailure>;
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
    // The page load's trace rides in the address: a beacon cannot set headers (decision 0088).
    const path = withTraceparent(REMOTE_LOAD_FAILURE_PATH);
    if (!navigator.sendBeacon?.(path, body)) {
      void fetch(path, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
        keepalive: true,
      }).catch(() => undefined);
    }
  } catch {
    // Reporting is a nicety; the fallback UI is what matters.
  }
}

/** When each remote's first load started here, for when its manifest left no resource timing. */
const loadStarted = new Map<RemoteName, number>();
const measured = new Set<RemoteName>();
/** Errors that are a failed load (already counted as one), which the page's error boundary then catches too. */
export const loadFailures = new WeakSet<object>();

/**
 * A page load used this remote: its page rendered for the first time (`rendered`), or failed before it ever did (its
 * error boundary caught an error first). Measured once per remote and page load, which counts the page load; a
 * rendered one also gives its load time, from the request of its manifest (preloaded or not) to this render.
 */
export function markPageLoad(name: RemoteName, rendered: boolean): void {
  const version = versionOf(name);
  if (measured.has(name) || !version) return;
  measured.add(name);
  if (!rendered) return recordRum({ remote: name, version, kind: 'load' });
  const entry = pointer?.remotes[name]?.entry;
  const manifest = entry ? performance.getEntriesByName(new URL(entry, location.href).href, 'resource')[0] : undefined;
  const started = manifest?.startTime ?? loadStarted.get(name) ?? 0;
  recordRum({ remote: name, version, kind: 'load', value: Math.max(0, performance.now() - started) });
}

/** Loads `<remote>/<module>` through the federation runtime, e.g. ('marketing', 'home-page'). */
export async function loadRemoteModule<T>(name: RemoteName, module: string): Promise<T> {
  if (!ownRemotes.includes(name)) throw new Error(`The ${name} remote is not loaded on this site`);
  if (!loadStarted.has(name)) loadStarted.set(name, performance.now());
  try {
    if (!pointer?.remotes[name]) await refreshRemote(name);
    const id = `${remoteScope(name)}/${module}`;
    // Loading (manifest, remote entry, chunks, shared modules) and running the module's code are two tasks: the
    // runtime finishes loading in a script's load event, and the module's code (a page and its schemas) would
    // otherwise run inside that same task, making one long task of both on a slow phone (decision 0040).
    const factory = await withTimeout(
      loadRemote<() => T | Promise<T>>(id, { loadFactory: false, from: 'runtime' }),
      LOAD_TIMEOUT_MS,
      id,
    );
    if (!factory) throw new Error(`Remote module ${id} is not available`);
    await yieldToMain();
    const loaded = await factory();
    if (!loaded) throw new Error(`Remote module ${id} is not available`);
    return loaded;
  } catch (error) {
    reportFailure(name, module);
    const version = versionOf(name);
    if (version) recordRum({ remote: name, version, kind: 'load-failure' });
    if (typeof error === 'object' && error !== null) loadFailures.add(error);
    throw error;
  }
}
