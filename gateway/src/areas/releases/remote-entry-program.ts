import type * as Vm from 'node:vm';

/**
 * What the remote-entry check runs in its own process (decision 0080): a remote's browser build, evaluated as a
 * browser would, in a `vm` context holding only browser-like stand-ins (no `require`, no `process`, no network: the
 * process has none of those either). The shell's federation runtime is evaluated first, as the shell provides it;
 * then the remote entry, whose container must appear as its global; then the shell's way of loading each page
 * module (`loadRemote`), which runs the page's chunks, each fetched from the build's own files through a stand-in
 * `<script>` element. The shell's singletons are offered as stand-ins marked loaded, and every one the remote takes
 * is recorded. The answer is classified (`threw`, `no-container`, `missing`, ...): never the remote's own words.
 *
 * `evaluateRemoteEntry` must be self-contained: it is sent to the process as its source text.
 */

export interface EntryCheckInput {
  /** The container's global name (`agency_quoting`). */
  scope: string;
  /** The remote entry's file name inside the build. */
  entry: string;
  /** The build's JavaScript by path; every other file is only named (a stylesheet loads if it exists). */
  scripts: Record<string, string>;
  otherFiles: string[];
  /** The shell's federation runtime, as a script that sets `globalThis._FEDERATION_RUNTIME_CORE`. */
  runtime: string;
  /** The page modules the route table gives the remote. */
  modules: string[];
  /** The shell's singletons: share key and the version it provides. */
  shared: { name: string; version: string }[];
  /** Each script's synchronous run, at most. */
  scriptTimeoutMs: number;
}

export type PageOutcome = 'ok' | 'missing' | 'threw' | 'not-a-module' | 'timed-out';

export type EntryCheckOutput =
  | { entry: 'missing' | 'threw' | 'no-container' | 'no-runtime' | 'timed-out' }
  /** The host cannot start team code in its sandbox (sandbox-process.ts): nothing was run. */
  | { entry: 'unavailable'; summary: string }
  | {
      entry: 'ok';
      pages: Record<string, PageOutcome>;
      /** Share keys of the shell's singletons the remote took while its pages loaded. */
      consumed: string[];
      /** A script (a chunk) that threw while it ran, or one the build lacks, by path. */
      failedScripts: string[];
    };

export async function evaluateRemoteEntry(vm: typeof Vm, input: EntryCheckInput): Promise<EntryCheckOutput> {
  const BASE = 'https://remote.invalid/build/';
  // Data-only classes of the process's own (the process is the wall: nothing in it is worth reaching).
  const context = vm.createContext({ URL, URLSearchParams, TextEncoder, TextDecoder, AbortController });
  const timers: { fn: () => void; at: number }[] = [];
  const failedScripts: string[] = [];
  const consumed = new Set<string>();
  const fileOf = (url: string) => (typeof url === 'string' && url.startsWith(BASE) ? url.slice(BASE.length) : null);

  // Host functions the prelude reaches through one object, deleted once the prelude has taken them.
  context.__host = {
    run(file: string | null) {
      const code = file === null ? undefined : input.scripts[file];
      if (code === undefined) return 'missing';
      try {
        vm.runInContext(code, context, { filename: file!, timeout: input.scriptTimeoutMs });
        return 'ok';
      } catch {
        return 'threw';
      }
    },
    exists: (file: string | null) => file !== null && (file in input.scripts || input.otherFiles.includes(file)),
    fileOf,
    timer: (fn: () => void, ms: number) => void timers.push({ fn, at: Number(ms) || 0 }),
    failed: (file: string) => void failedScripts.push(file),
    consumed: (name: string) => void consumed.add(name),
  };
  const prelude = `(() => {
    const host = globalThis.__host; delete globalThis.__host;
    const g = globalThis;
    g.window = g; g.self = g; g.top = g; g.parent = g;
    g.setTimeout = (fn, ms) => { if (typeof fn === 'function') host.timer(fn, ms); return 1; };
    g.clearTimeout = () => {}; g.setInterval = () => 1; g.clearInterval = () => {};
    g.queueMicrotask = (fn) => Promise.resolve().then(fn);
    g.requestAnimationFrame = (fn) => g.setTimeout(fn, 16); g.cancelAnimationFrame = () => {};
    g.console = { log() {}, info() {}, warn() {}, error() {}, debug() {}, trace() {}, group() {}, groupEnd() {} };
    g.location = Object.assign(new URL('https://site.invalid/'), { reload() {}, assign() {}, replace() {} });
    g.navigator = { userAgent: 'remote-entry-check', language: 'en-NZ', languages: ['en-NZ'], onLine: true };
    g.addEventListener = () => {}; g.removeEventListener = () => {}; g.dispatchEvent = () => true;
    g.matchMedia = () => ({ matches: false, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} });
    const memory = () => { const m = new Map(); return { getItem: (k) => m.has(k) ? m.get(k) : null, setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k), clear: () => m.clear(), key: () => null, get length() { return m.size; } }; };
    g.localStorage = memory(); g.sessionStorage = memory();
    g.performance = { now: () => 0, mark() {}, measure() {}, getEntriesByType: () => [], getEntriesByName: () => [] };
    g.fetch = () => Promise.reject(new TypeError('no network in the remote-entry check'));
    class Element {
      constructor(tag) { this.tagName = String(tag).toUpperCase(); this.nodeName = this.tagName; this.attributes = {}; this.childNodes = []; this.style = {}; this.dataset = {}; }
      setAttribute(k, v) { this.attributes[k] = String(v); if (k === 'src' || k === 'href') this[k] = String(v); }
      getAttribute(k) { return k in this.attributes ? this.attributes[k] : (k === 'src' || k === 'href') && this[k] ? this[k] : null; }
      removeAttribute(k) { delete this.attributes[k]; }
      addEventListener(type, fn) { (this.listeners ??= []).push([type, fn]); }
      removeEventListener() {}
      appendChild(child) { this.childNodes.push(child); attach(child); return child; }
      insertBefore(child) { return this.appendChild(child); }
      removeChild(child) { this.childNodes = this.childNodes.filter((c) => c !== child); if (child) child.parentNode = null; return child; }
      remove() { this.parentNode?.removeChild(this); }
      querySelector() { return null; } querySelectorAll() { return []; }
      getElementsByTagName(tag) { return all().filter((e) => e.tagName === String(tag).toUpperCase()); }
      contains() { return false; }
    }
    const document = new Element('#document');
    const all = () => [...document.head.childNodes, ...document.body.childNodes];
    document.head = new Element('head'); document.body = new Element('body'); document.documentElement = new Element('html');
    document.createElement = (tag) => new Element(tag);
    document.createTextNode = (text) => ({ nodeType: 3, textContent: String(text) });
    document.getElementsByTagName = (tag) => all().filter((e) => e.tagName === String(tag).toUpperCase());
    document.querySelectorAll = (selector) => /^(script|link)/.test(selector) ? document.getElementsByTagName(selector.slice(0, selector.startsWith('script') ? 6 : 4)) : [];
    document.querySelector = (selector) => document.querySelectorAll(selector)[0] ?? null;
    document.getElementById = () => null;
    document.readyState = 'complete'; document.currentScript = null; document.cookie = ''; document.defaultView = g;
    g.document = document;
    const fire = (el, type) => {
      const event = { type, target: el, currentTarget: el };
      const handler = el['on' + type];
      if (typeof handler === 'function') handler.call(el, event);
      for (const [t, fn] of el.listeners ?? []) if (t === type) fn.call(el, event);
    };
    function attach(el) {
      if (!el || typeof el !== 'object') return;
      el.parentNode = document.head;
      if (el.tagName === 'SCRIPT' && el.src) {
        const file = host.fileOf(new URL(el.src, 'https://remote.invalid/build/').href);
        document.currentScript = el;
        const outcome = host.run(file);
        document.currentScript = null;
        if (outcome !== 'ok') host.failed(file ?? el.src);
        g.setTimeout(() => fire(el, outcome === 'missing' ? 'error' : 'load'), 0);
      } else if (el.tagName === 'LINK' && el.href) {
        const file = host.fileOf(new URL(el.href, 'https://remote.invalid/build/').href);
        g.setTimeout(() => fire(el, host.exists(file) ? 'load' : 'error'), 0);
      }
    }
    // The shell's singletons: stand-ins that answer anything, recorded when the remote takes one.
    const handler = { get: (t, key) => key === 'then' ? undefined : key === '__esModule' ? true : key === Symbol.toPrimitive ? () => '' : key === 'default' ? stub : stub, apply: () => stub, construct: () => stub };
    const stub = new Proxy(function stub() {}, handler);
    g.__standIn = (name) => () => { host.consumed(name); return stub; };
  })();`;
  vm.runInContext(prelude, context, { timeout: input.scriptTimeoutMs });

  /** Runs the timers due, then lets promises settle; false once `deadline` passed with work still pending. */
  const settle = async (done: () => boolean, deadline: number) => {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (done()) return true;
      if (Date.now() > deadline) return false;
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (next)
        try {
          next.fn();
        } catch {
          // A throw in a timer is the page's, reported through what it leaves unresolved.
        }
    }
  };
  const deadline = Date.now() + input.scriptTimeoutMs * 4;

  try {
    vm.runInContext(input.runtime, context, { filename: 'federation-runtime.js', timeout: input.scriptTimeoutMs });
  } catch {
    return { entry: 'no-runtime' };
  }
  const entryCode = input.scripts[input.entry];
  if (entryCode === undefined) return { entry: 'missing' };
  try {
    vm.runInContext(
      `document.currentScript = Object.assign(document.createElement('script'), { src: ${JSON.stringify(BASE + input.entry)} });`,
      context,
    );
    vm.runInContext(entryCode, context, { filename: input.entry, timeout: input.scriptTimeoutMs });
    vm.runInContext('document.currentScript = null;', context);
  } catch (error) {
    return { entry: (error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? 'timed-out' : 'threw' };
  }
  const hasContainer = vm.runInContext(
    `(() => { const c = globalThis[${JSON.stringify(input.scope)}]; return !!c && typeof c.get === 'function' && typeof c.init === 'function'; })()`,
    context,
  ) as boolean;
  if (!hasContainer) return { entry: 'no-container' };

  // The shell's way: an instance that provides the singletons (already loaded) and loads the remote by its entry.
  const setup = `(() => {
    const core = globalThis._FEDERATION_RUNTIME_CORE;
    const shared = {};
    for (const { name, version } of ${JSON.stringify(input.shared)})
      shared[name] = { version, lib: globalThis.__standIn(name), shareConfig: { singleton: true, requiredVersion: false } };
    const host = new core.ModuleFederation({ name: 'agency_shell', remotes: [{ name: ${JSON.stringify(input.scope)}, alias: ${JSON.stringify(input.scope)}, entry: ${JSON.stringify(BASE + input.entry)}, type: 'global', entryGlobalName: ${JSON.stringify(input.scope)} }], shared, shareStrategy: 'loaded-first', plugins: [] });
    core.setGlobalFederationInstance?.(host);
    globalThis.__outcomes = {};
    globalThis.__load = (module) => host.loadRemote(${JSON.stringify(input.scope)} + '/' + module).then(
      (exports) => { globalThis.__outcomes[module] = exports && (typeof exports === 'object' || typeof exports === 'function') ? 'ok' : 'not-a-module'; },
      (error) => { globalThis.__outcomes[module] = /RUNTIME-014|does not expose|not exist|Cannot find module/i.test(String(error && error.message)) ? 'missing' : 'threw'; },
    );
  })();`;
  try {
    vm.runInContext(setup, context, { timeout: input.scriptTimeoutMs });
  } catch {
    return { entry: 'no-runtime' };
  }
  const pages: Record<string, PageOutcome> = {};
  for (const module of input.modules) {
    try {
      vm.runInContext(`globalThis.__load(${JSON.stringify(module)})`, context, { timeout: input.scriptTimeoutMs });
    } catch {
      pages[module] = 'threw';
      continue;
    }
    const outcomes = () => vm.runInContext('globalThis.__outcomes', context) as Record<string, PageOutcome>;
    const settled = await settle(() => module in outcomes(), deadline);
    pages[module] = settled ? outcomes()[module]! : 'timed-out';
  }
  return { entry: 'ok', pages, consumed: [...consumed].sort(), failedScripts: [...new Set(failedScripts)].sort() };
}
