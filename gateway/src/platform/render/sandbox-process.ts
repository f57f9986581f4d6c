import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The OS process team code runs in (decision 0073): a Node process of its own with an empty environment, no
 * descriptors but its three pipes, inside network and process-id namespaces where the host allows them, as another
 * user when the gateway runs as root, and under Node's permission model (no file read at all, no network, no child processes, workers or addons). Whatever runs there holds no secret of the gateway's and reaches
 * no socket; it can only answer on its pipe. Its program is given on the command line (`-e`): it reads no file, so
 * it needs no read access to the gateway's installation either.
 *
 * The messages are JSON lines: the gateway writes requests to the process's stdin, the process answers on stdout.
 * Its stderr is read only for the V8 heap-limit marker (never logged: it is the team's text).
 */

/** `namespaces`: team code runs only inside the namespaces; `permission-model`: without them it runs anyway. */
export type SandboxPolicy = 'namespaces' | 'permission-model';

/** Who team code runs as: uid/gid 65534 (`nobody`) when the gateway can switch to it. */
export const SANDBOX_UID = 65534;

export interface SandboxHost {
  /** Whether team code may run on this host under the policy. */
  runs: boolean;
  /** `privileged`: namespaces made as root; `user`: in an unprivileged user namespace; `none`. */
  namespaces: 'privileged' | 'user' | 'none';
  /** The uid team code runs as; null when it is the gateway's own. */
  uid: number | null;
  /** One sentence for the log and /readyz. */
  summary: string;
  /** The command that starts a program inside the sandbox (before Node's own arguments). */
  prefix: string[];
  /** Set on the spawn itself (a uid switch without setpriv). */
  spawnAs?: { uid: number; gid: number };
}

export interface SandboxExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** V8 said it reached the heap limit (its fatal error names it on stderr). */
  outOfMemory: boolean;
}

export interface SandboxedProcess {
  readonly pid: number | undefined;
  /** Writes one message; false once the process is gone. */
  send(message: unknown): boolean;
  /** Ends it now (SIGKILL through the namespace's parent, which takes the process with it). */
  kill(): void;
  /** Closes its stdin: a well-behaved process exits when it reads the end. */
  end(): void;
  exited: Promise<SandboxExit>;
}

export interface SandboxOptions {
  /** The process's program: ES module source, given on the command line, so the process needs no file at all. */
  source: string;
  heapMb: number;
  /** Its whole environment (nothing secret: NODE_ENV, say). */
  env?: Record<string, string>;
  /** A message line longer than this ends the process (what it may make the gateway hold). */
  maxMessageBytes: number;
  onMessage(message: unknown): void;
  /** A line that is not a JSON message, or one too long: the process is killed. */
  onBreach(what: string): void;
}

const PROBE_TIMEOUT_MS = 15_000;
/** What is kept of stderr to find V8's heap-limit marker in. */
const STDERR_TAIL = 4096;
const OOM_MARKER = /heap limit|heap out of memory|Allocation failed/;

function findBinary(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', ...(process.env.PATH ?? '').split(':')]) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

interface Candidate {
  namespaces: SandboxHost['namespaces'];
  uid: number | null;
  prefix: string[];
  spawnAs?: { uid: number; gid: number };
}

/** The ways to start a sandboxed process on this host, most isolated first. */
function candidates(): Candidate[] {
  const unshare = findBinary('unshare');
  const setpriv = findBinary('setpriv');
  const root = process.getuid?.() === 0;
  const nobody = { uid: SANDBOX_UID, gid: SANDBOX_UID };
  // The namespaces' parent (unshare) dies with the gateway, and the process with its parent (each hop's death signal).
  const dies = setpriv ? [setpriv, '--pdeathsig', 'SIGKILL', '--'] : [];
  const drop = setpriv
    ? [setpriv, `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, '--clear-groups', '--no-new-privs']
    : null;
  const spaces = ['--net', '--pid', '--fork', '--kill-child=SIGKILL', '--mount-proc'];
  const list: Candidate[] = [];
  if (unshare && root && drop)
    list.push({
      namespaces: 'privileged',
      uid: SANDBOX_UID,
      prefix: [...dies, unshare, ...spaces, '--', ...drop, '--pdeathsig', 'SIGKILL', '--'],
    });
  if (unshare)
    list.push({
      namespaces: 'user',
      uid: root ? SANDBOX_UID : null,
      prefix: [...dies, unshare, '--user', ...spaces, '--'],
      spawnAs: root ? nobody : undefined,
    });
  if (root) list.push({ namespaces: 'none', uid: SANDBOX_UID, prefix: dies, spawnAs: nobody });
  else list.push({ namespaces: 'none', uid: null, prefix: dies });
  return list;
}

/** Starts `node <args>` the candidate's way, with nothing but the three pipes and `env`. */
function launch(
  candidate: Pick<Candidate, 'prefix' | 'spawnAs'>,
  args: string[],
  env: Record<string, string>,
): ChildProcessWithoutNullStreams {
  const command = [...candidate.prefix, process.execPath, ...args];
  return spawn(command[0]!, command.slice(1), {
    env,
    cwd: '/',
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(candidate.spawnAs ?? {}),
  });
}

/** Runs Node in the candidate's sandbox: it must start, and see no network interface where namespaces are made. */
function probe(candidate: Candidate): Promise<string | null> {
  const script =
    "const n = Object.keys(require('node:os').networkInterfaces()).length; process.stdout.write('up ' + n)";
  return new Promise((resolve) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = launch(candidate, ['--permission', '-e', script], {});
    } catch (error) {
      resolve(String(error));
      return;
    }
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-500)));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(String(error));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) resolve(`exited with ${code ?? signal}: ${err.trim().split('\n').at(-1) ?? ''}`);
      else if (!out.startsWith('up ')) resolve('did not start');
      else if (candidate.namespaces !== 'none' && out !== 'up 0') resolve('still saw a network interface');
      else resolve(null);
    });
  });
}

function summary(c: Candidate, runs: boolean, tried: string[]): string {
  const user = c.uid === null ? "the gateway's own user" : `uid ${c.uid}`;
  const walls = `an empty environment and Node's permission model (no file, network or child process)`;
  if (c.namespaces !== 'none')
    return `Team server code runs in network and process namespaces (${c.namespaces}), as ${user}, with ${walls}.`;
  const why = `this host allows no network namespace (${tried.join('; ')})`;
  return runs
    ? `Team server code runs WITHOUT a network namespace, as ${user}, with ${walls} only: ${why}.`
    : `Team server code does not run: ${why}; allow unshare(2) for the gateway or set TEAM_CODE_SANDBOX=permission-model.`;
}

const hosts = new Map<SandboxPolicy, Promise<SandboxHost>>();

/** How team code is started on this host, tried once per gateway process (tens of milliseconds). */
export function sandboxHost(policy: SandboxPolicy): Promise<SandboxHost> {
  let known = hosts.get(policy);
  if (!known) {
    known = (async () => {
      const tried: string[] = [];
      for (const candidate of candidates()) {
        const failure = await probe(candidate);
        if (failure === null) {
          const runs = candidate.namespaces !== 'none' || policy === 'permission-model';
          return {
            runs,
            namespaces: candidate.namespaces,
            uid: candidate.uid,
            summary: summary(candidate, runs, tried),
            prefix: candidate.prefix,
            spawnAs: candidate.spawnAs,
          };
        }
        tried.push(`${candidate.namespaces === 'none' ? 'plain' : candidate.namespaces}: ${failure}`);
      }
      return {
        runs: false,
        namespaces: 'none',
        uid: null,
        summary: `Team server code does not run: no sandboxed Node process could start (${tried.join('; ')}).`,
        prefix: [],
      };
    })();
    hosts.set(policy, known);
  }
  return known;
}

/** Splits a stream into lines of at most `max` bytes; a longer one is a breach, after which nothing more is read. */
function lines(
  stream: NodeJS.ReadableStream,
  max: number,
  onLine: (line: string) => void,
  onBreach: (what: string) => void,
) {
  let parts: Buffer[] = [];
  let size = 0;
  let broken = false;
  const breach = (what: string) => {
    broken = true;
    parts = [];
    onBreach(what);
  };
  stream.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1 && !broken; end = chunk.indexOf(10, start)) {
      if (size + end - start > max) return breach('a message over the size limit');
      parts.push(chunk.subarray(start, end));
      const line = Buffer.concat(parts).toString('utf8');
      parts = [];
      size = 0;
      start = end + 1;
      onLine(line);
    }
    if (broken || start >= chunk.length) return;
    parts.push(chunk.subarray(start));
    size += chunk.length - start;
    if (size > max) breach('a message over the size limit');
  });
}

/**
 * Starts `source` in the host's sandbox. `host.runs` must be true. The process's lifetime is the caller's to
 * manage: `kill` on a deadline, `end` when it is no longer needed; it never outlives the gateway.
 */
export function startSandboxed(host: SandboxHost, opts: SandboxOptions): SandboxedProcess {
  if (!host.runs) throw new Error(host.summary);
  const args = [
    '--permission',
    `--max-old-space-size=${opts.heapMb}`,
    '--max-semi-space-size=16',
    '--input-type=module',
    '-e',
    opts.source,
  ];
  const child = launch(host, args, opts.env ?? {});
  let stderr = '';
  let gone = false;
  let breached = false;
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('latin1')).slice(-STDERR_TAIL)));
  lines(
    child.stdout,
    opts.maxMessageBytes,
    (line) => {
      if (breached) return;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        breached = true;
        opts.onBreach('a line that is not JSON');
        return;
      }
      opts.onMessage(message);
    },
    (what) => {
      breached = true;
      opts.onBreach(what);
    },
  );
  // A write to a process that died is not an error of the gateway's.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<SandboxExit>((resolve) => {
    child.once('error', () => {
      gone = true;
      resolve({ code: null, signal: null, outOfMemory: false });
    });
    child.once('close', (code, signal) => {
      gone = true;
      resolve({ code, signal, outOfMemory: OOM_MARKER.test(stderr) });
    });
  });
  // Its pipes and the process itself do not keep the gateway (or a CLI) running: a render in flight has its timer.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr])
    (stream as unknown as { unref?: () => void }).unref?.();
  return {
    pid: child.pid,
    send: (message) => {
      if (gone || child.stdin.destroyed) return false;
      child.stdin.write(`${JSON.stringify(message)}\n`);
      return true;
    },
    kill: () => {
      if (!gone) child.kill('SIGKILL');
    },
    end: () => child.stdin.end(),
    exited,
  };
}

const sources = new Map<string, Promise<string>>();

/**
 * The source of a sandboxed program `name` that sits beside its caller (`caller` is the caller's `import.meta.url`):
 * the compiled file beside the gateway's bundle (`dist/<name>.js`, also from `dist/cli/`), or, when the gateway runs
 * from its TypeScript source (tests, `pnpm dev`), `<name>.ts` compiled here with esbuild (a dev dependency).
 * Read once per gateway process.
 */
export function programSource(caller: string, name: string): Promise<string> {
  const fromSource = caller.endsWith('.ts');
  const key = `${caller} ${name}`;
  let known = sources.get(key);
  if (!known) {
    known = (async () => {
      if (!fromSource) {
        const beside = fileURLToPath(new URL(`./${name}.js`, caller));
        const above = fileURLToPath(new URL(`../${name}.js`, caller));
        return readFile(existsSync(beside) ? beside : above, 'utf8');
      }
      const { transform } = await import('esbuild');
      const file = fileURLToPath(new URL(`./${name}.ts`, caller));
      return (await transform(await readFile(file, 'utf8'), { loader: 'ts', format: 'esm', target: 'node24' })).code;
    })();
    known.catch(() => sources.delete(key));
    sources.set(key, known);
  }
  return known;
}
