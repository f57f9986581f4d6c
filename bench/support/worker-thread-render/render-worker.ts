// The worker-thread render of before decision 0073: `bench render`'s reference only (see render-pool.ts here).
/**
 * A server-render worker thread (run by the pool in render-pool.ts, decision 0022). It holds the shell's server
 * build and the remote server builds it has been asked for, and renders one page per task. It is given only what a
 * render needs (the build files, the route, the public configuration); its environment is empty but for NODE_ENV.
 * Whatever a remote's code does here (loop, exit, throw from a timer, run out of memory) ends this thread, not the
 * gateway: the pool replaces it and the page renders in the browser.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { PublicRuntimeConfig, RemoteName, RemoteServerBuild, ShellServerBuild } from '@agency/contracts';

export interface RenderTask {
  /** Told when the render starts: its deadline counts from then, not from a thread's start-up. */
  started?: MessagePort;
  /** The shell's server build (`ssr/server.cjs` of the shell's dist). */
  shellFile: string;
  remote: { name: RemoteName; version: string; file: string; publicPath: string };
  module: string;
  url: string;
  config: PublicRuntimeConfig;
  /** The page's content by key (page-data.ts). */
  data?: Record<string, unknown>;
  /** Markup longer than this is refused rather than sent back. */
  maxBytes: number;
}

/** A crash outside any render (a late timer) is reported to the pool before the thread ends. */
export interface WorkerCrash {
  type: 'render-worker-crash';
  /** The remote this thread last ran (where the failing code most likely came from). */
  remote: string | undefined;
  version: string | undefined;
  /** During a render the pool sees that render fail and counts it there. */
  during: boolean;
  error: string;
}

/** After a render, timers the page set for this long still run inside its task, so their errors count against it. */
const SETTLE_MS = 10;

const requireFile = createRequire(import.meta.url);
let shell: { file: string; build: ShellServerBuild } | undefined;
/** The evaluated server build of each remote: the last version asked for only. */
const remotes = new Map<string, { version: string; pages: Record<string, unknown> }>();
let last: { remote: string; version: string } | undefined;
let during = false;

// An error nothing caught (a remote's timer or promise) ends the thread, as it would end a process, after saying so.
process.on('uncaughtException', (error) => {
  const crash: WorkerCrash = {
    type: 'render-worker-crash',
    remote: last?.remote,
    version: last?.version,
    during,
    error: String(error),
  };
  parentPort?.postMessage(crash);
  process.exit(70);
});

/**
 * Node's one-line routes from any code to the disk, native code and other processes (`process.getBuiltinModule('fs')`
 * reads `/proc/self/environ`, that is the gateway's secrets; `process.kill` signals the gateway). They are taken
 * from this thread before a remote's code first runs. Not a sandbox (decision 0022): it keeps a curious or careless
 * build from reading the disk, not a determined one from looking for another way.
 */
const CLOSED = ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'loadEnvFile', 'kill', '_kill'] as const;
let closed = false;
function closeProcessRoutes() {
  if (closed) return;
  closed = true;
  for (const name of CLOSED) {
    const refuse = () => {
      throw new Error(`process.${name} is not available to a server render`);
    };
    Object.defineProperty(process, name, { value: refuse, writable: false, configurable: false });
  }
}

function loadShell(file: string): ShellServerBuild {
  if (shell?.file !== file) shell = { file, build: requireFile(file) as ShellServerBuild };
  return shell.build;
}

/**
 * A remote's server build is CommonJS whose federation singletons are left as `require()`s; they are answered from
 * the shell's server build, so the page renders with one React and one router, as in the browser.
 */
function evaluateRemote(task: RenderTask, shared: Record<string, unknown>): Record<string, unknown> {
  const { name, version, file, publicPath } = task.remote;
  const cached = remotes.get(name);
  if (cached?.version === version) return cached.pages;
  const code = readFileSync(file, 'utf8');
  closeProcessRoutes();
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: file,
  }) as (...args: unknown[]) => void;
  const module = { exports: {} as Record<string, unknown> };
  const requireShared = (request: string) => {
    if (Object.hasOwn(shared, request)) return shared[request];
    throw new Error(`${file} needs ${request}, which the shell's server build does not provide`);
  };
  wrapper(module.exports, requireShared, module, file, path.dirname(file));
  const build = module.exports as unknown as Partial<RemoteServerBuild>;
  if (typeof build.pages !== 'function') throw new Error(`${file} exports no pages()`);
  const pages = build.pages(publicPath);
  remotes.set(name, { version, pages });
  return pages;
}

/** Loads the shell's server build ahead of the first render (at the gateway's start), off any request's path. */
export function warm({ shellFile }: { shellFile: string }): void {
  loadShell(shellFile);
}

/** The page's markup, or null when there is nothing to render on the server (a redirect, a page not exposed). */
export default async function render(task: RenderTask): Promise<string | null> {
  last = { remote: task.remote.name, version: task.remote.version };
  during = true;
  task.started?.postMessage('started');
  task.started?.close();
  try {
    const built = loadShell(task.shellFile);
    const component = evaluateRemote(task, built.shared)[task.module];
    if (!component) return null;
    const markup = await built.render({
      url: task.url,
      config: task.config,
      data: task.data,
      page: { remote: task.remote.name, module: task.module, component },
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (markup !== null && typeof markup !== 'string') throw new Error('the render gave no markup');
    if (markup && markup.length > task.maxBytes) throw new Error(`the markup is over ${task.maxBytes} characters`);
    return markup;
  } finally {
    during = false;
  }
}
