/**
 * A server-render process (started by render-pool.ts through sandbox-process.ts, decision 0073). It is sent the
 * shell's server build once, then renders one page per request, evaluating each remote version's server build the
 * first time it is asked for it. It reads no file but this script: both builds arrive as text on stdin, and Node's
 * permission model refuses every other file, socket and child process. Its environment is NODE_ENV and nothing
 * else, it sees no network (its own namespace) and, when the gateway runs as root, runs as `nobody`.
 *
 * This file imports Node's built-in modules only (types excepted): Node runs it as it is from the source (type
 * stripping) and tsup builds it to dist/render-process.js.
 */
import { createRequire, isBuiltin } from 'node:module';
import { createInterface } from 'node:readline';
import vm from 'node:vm';
import type { RemoteServerBuild, ShellServerBuild } from '@agency/contracts';
import type {
  FromProcess,
  LoadRemote,
  LoadShell,
  RenderCause,
  RenderRequest,
  RenderResult,
  ToProcess,
} from './render-protocol';

/** After a render, timers the page set for this long still run inside its request, so their errors count against it. */
const SETTLE_MS = 10;

// Kept before any build runs: the builds' own console output goes nowhere, and only this writes on stdout.
const stdout = process.stdout;
const write = stdout.write.bind(stdout);
const send = (message: FromProcess) => write(`${JSON.stringify(message)}\n`);
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const)
  console[method] = () => undefined;

// An error nothing caught (a remote's timer or promise) ends the process, silently: the gateway sees the exit, as a
// failed render when one was running, otherwise as a crash of the version this process ran last.
process.on('uncaughtException', () => process.exit(70));

class UnsharedModule extends Error {}
class NoPages extends Error {}

const nativeRequire = createRequire(import.meta.url);
let shell: ShellServerBuild | undefined;
/** The evaluated server build of each remote: the last version asked for only. */
const remotes = new Map<string, { version: string; pages: Record<string, unknown> }>();

/**
 * Node's one-line routes from any code to native code and other processes. The permission model refuses the disk,
 * the network and child processes whatever the route; these are closed as well, before a remote's code first runs.
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

/** Evaluates CommonJS `code` (a server build) with `require` answered by `resolve`. */
function evaluate(code: string, filename: string, resolve: (request: string) => unknown): Record<string, unknown> {
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename,
  }) as (...args: unknown[]) => void;
  const module = { exports: {} as Record<string, unknown> };
  wrapper(module.exports, resolve, module, filename, filename.replace(/\/[^/]*$/, ''));
  return module.exports;
}

/**
 * The shell's build may use Node's built-in modules (React's server renderer does); it is the agency's own code. Its
 * practice render (an empty page) is the agency's code too, so nothing a remote does is timed against it.
 */
async function loadShell({ code, filename, practice }: LoadShell) {
  const built = evaluate(code, filename, (request) => {
    if (isBuiltin(request)) return nativeRequire(request);
    throw new Error(`${request} is not a built-in module`);
  }) as unknown as ShellServerBuild;
  // Only a warm-up: a shell that cannot render an empty page fails its real renders, where that is counted.
  if (practice) {
    try {
      await built.render({ ...practice, page: { remote: 'marketing', module: 'practice', component: () => null } });
    } catch {
      // counted where it matters
    }
  }
  shell = built;
}

/**
 * A remote's server build is CommonJS whose federation singletons are left as `require()`s; they are answered from
 * the shell's server build, so the page renders with one React and one router, as in the browser.
 */
function loadRemote({ remote }: LoadRemote, built: ShellServerBuild) {
  const { name, version, publicPath, code } = remote;
  closeProcessRoutes();
  const exports = evaluate(code, `/${name}/${version}/ssr/server.cjs`, (id) => {
    if (Object.hasOwn(built.shared, id)) return built.shared[id];
    throw new UnsharedModule(`${id} is not shared by the shell`);
  }) as Partial<RemoteServerBuild>;
  if (typeof exports.pages !== 'function') throw new NoPages('no pages()');
  remotes.set(name, { version, pages: exports.pages(publicPath) });
}

/** The error's message, read defensively (a remote may throw anything, with getters that throw). */
function messageOf(error: unknown): string | undefined {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return undefined;
  }
}

/** A failure as the gateway is told of it: classified, with the message for its log. */
function failure(id: number, error: unknown): RenderResult {
  const failed = (cause: RenderCause, message?: string): RenderResult => ({
    type: 'result',
    id,
    ok: false,
    cause,
    message,
  });
  if (error instanceof UnsharedModule) return failed('unshared-module');
  if (error instanceof NoPages) return failed('no-pages');
  return failed('threw', messageOf(error));
}

function load(request: LoadRemote): RenderResult {
  try {
    if (!shell) throw new Error('the shell was not loaded');
    loadRemote(request, shell);
    return { type: 'result', id: request.id, ok: true, markup: null };
  } catch (error) {
    return failure(request.id, error);
  }
}

async function render(request: RenderRequest): Promise<RenderResult> {
  const { id } = request;
  const failed = (cause: RenderCause): RenderResult => ({ type: 'result', id, ok: false, cause });
  try {
    const loaded = remotes.get(request.remote.name);
    if (!shell || loaded?.version !== request.remote.version) throw new Error('the version was not loaded');
    const component = loaded.pages[request.module];
    if (!component) return { type: 'result', id, ok: true, markup: null, missing: true };
    const markup: unknown = await shell.render({
      url: request.url,
      config: request.config,
      data: request.data,
      page: { remote: request.remote.name, module: request.module, component },
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (markup !== null && typeof markup !== 'string') return failed('no-markup');
    if (markup && markup.length > request.maxBytes) return failed('too-large');
    return { type: 'result', id, ok: true, markup };
  } catch (error) {
    return failure(id, error);
  }
}

// Requests come one at a time (the gateway waits for each answer); the end of stdin is the gateway letting go.
const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('close', () => process.exit(0));
for await (const line of input) {
  const message = JSON.parse(line) as ToProcess;
  if (message.type === 'shell') {
    try {
      await loadShell(message);
      send({ type: 'ready' });
    } catch (error) {
      send({ type: 'shell-failed', message: messageOf(error) });
      process.exit(71);
    }
  } else if (message.type === 'load') {
    send(load(message));
  } else if (message.type === 'render') {
    send(await render(message));
  }
}
