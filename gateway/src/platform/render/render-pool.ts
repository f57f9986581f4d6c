import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { plainText, type PublicRuntimeConfig, type RemoteName } from '@agency/contracts';
import type { Logger } from '../logger';
import { currentTraceparent, inSpan, recordSpan, traceIdOf } from '../tracing';
import type { LoadRemote, RenderRequest, ToProcess } from './render-protocol';
import {
  programSource,
  sandboxHost,
  startSandboxed,
  type SandboxExit,
  type SandboxPolicy,
  type SandboxedProcess,
} from './sandbox-process';

/** How a failed render is counted (`server_renders_total`'s outcome). */
export type RenderFailure = 'timeout' | 'crash' | 'out_of_memory' | 'error';

/**
 * Why, in the words a check report may keep (never the remote's own text): its code threw, it asked for a module the
 * shell does not share, its build exports no `pages()`, its markup was not a string or too large, it ran past the
 * deadline, out of memory, or its process ended.
 */
export type FailureCause =
  'threw' | 'unshared-module' | 'no-pages' | 'no-markup' | 'too-large' | 'timed-out' | 'out-of-memory' | 'crashed';

export interface RenderTask {
  /** The shell's server build (`ssr/server.cjs` of the shell's dist). */
  shellFile: string;
  /** `file`: the version's server build as a local file, sent to the process as text. */
  remote: { name: RemoteName; version: string; file: string; publicPath: string };
  module: string;
  url: string;
  config: PublicRuntimeConfig;
  /** The page's content by key (page-data.ts). */
  data?: Record<string, unknown>;
  /** Markup longer than this is refused rather than sent back. */
  maxBytes: number;
}

export type PoolResult =
  /** `missing`: the server build has no such page (null markup for another reason: a redirect, say). */
  | { ok: true; markup: string | null; missing?: boolean }
  /** `excerpt`: the start of the remote's error message, cleaned, for the gateway's log only. */
  | { ok: false; reason: RenderFailure; cause: FailureCause; excerpt?: string }
  /** Called off by the caller (the page it was for is no longer live): no fault of the remote's. */
  | { ok: false; reason: 'cancelled' }
  /** This host cannot run team code in its sandbox (sandbox-process.ts): no fault of the remote's either. */
  | { ok: false; reason: 'unavailable'; summary: string };

export interface RenderPoolOptions {
  /** A render still running after this long is stopped (its process is killed). */
  deadlineMs: number;
  /** Each process's V8 heap (old generation) limit. */
  maxHeapMb: number;
  nodeEnv: string;
  /** Whether team code may run without namespaces (TEAM_CODE_SANDBOX). */
  sandbox: SandboxPolicy;
  logger: Logger;
  /** A process ended outside any render (a late timer's throw, say): counted against the version it last ran. */
  onIdleCrash: (remote: string, version: string) => void;
  /** A process has started and loaded the shell's server build. */
  onStart?: () => void;
  /** A page each new process renders once, empty, before any remote's render is timed (React's code compiled). */
  practice?: { url: string; config: PublicRuntimeConfig };
}

/**
 * A remote and the version of it to have loaded ahead of its first render (its live one), with pages its process
 * renders untimed once loaded (`practice`), so its first visitors find that process's JIT warm: each process runs one
 * remote's code, so no other remote's renders warm it.
 */
export type WarmRemote = RenderTask['remote'] & {
  practice?: { module: string; url: string; config: PublicRuntimeConfig }[];
};

/** What a render's spans say of it (decision 0088). */
const attributesOf = (task: RenderTask) => ({
  'render.remote': task.remote.name,
  'render.version': task.remote.version,
  'render.module': task.module,
});

/** Renders come in bursts (a start, a deploy); a process left idle this long gives its memory back. */
const IDLE_MS = 5 * 60_000;
/**
 * How many times a process renders each of its remote's practice pages after loading a build ahead: V8 optimises
 * a function after it has run hot a few times, and 3 passes left a render's p99 1.26x a warm thread's (10: 1.07x,
 * bench render). About 2 s of one core per process per release change, yielded to any real render.
 */
export const PRACTICE_PASSES = 10;
/** The most markup one render may answer with: no page comes near it; a render that makes more is refused. */
export const MAX_MARKUP_BYTES = 4 * 1024 * 1024;
/** The longest error excerpt a log line keeps. */
const EXCERPT_CHARS = 160;

const CAUSES = ['threw', 'unshared-module', 'no-pages', 'no-markup', 'too-large'] as const;
/** What a render process may say: it runs team code, so its words are checked like any input. */
const FromProcessSchema = z.union([
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('shell-failed'), message: z.string().optional() }),
  z.object({
    type: z.literal('result'),
    id: z.number(),
    ok: z.literal(true),
    markup: z.string().nullable(),
    missing: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('result'),
    id: z.number(),
    ok: z.literal(false),
    cause: z.enum(CAUSES),
    message: z.string().optional(),
  }),
]);
type FromProcess = z.infer<typeof FromProcessSchema>;

type Event =
  | { kind: 'message'; message: FromProcess }
  | { kind: 'exit'; exit: SandboxExit }
  | { kind: 'breach' }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

interface Member {
  shellFile: string;
  process: SandboxedProcess | null;
  /** Resolves true once the process has loaded the shell's server build. */
  ready: Promise<boolean>;
  /** The remote whose code this process runs: only ever one (another remote's renders go to another process). */
  remote?: string;
  /** The version whose server build the process holds. */
  loaded?: string;
  /** The live version's build being loaded ahead of its first render (`warm`); a render waits for it. */
  preloading?: Promise<void>;
  /**
   * The version it last rendered, which a crash outside a render is counted against, and that render's trace
   * (decision 0088), which the crash's log line names: the trace is never sent to the process.
   */
  last?: { remote: string; version: string; traceparent?: string };
  busy: boolean;
  stopping: boolean;
  lastUsed: number;
  idle?: NodeJS.Timeout;
  /** The render in flight, told of the process's answer, exit or breach. */
  waiting?: (event: Event) => void;
}

/**
 * Server renders run here (decisions 0022 and 0073): in sandboxed OS processes (sandbox-process.ts), each holding the
 * shell's server build and the code of ONE remote, so no remote's code shares a process with the gateway's secrets or
 * with another team's pages. At most `slots` renders run at once and the rest wait here, so a render's deadline
 * counts its own running time, not its wait behind another; a process's start is not charged to the remote either.
 * Processes are started with the first render (or `warm`) and let go when idle.
 */
export function createRenderPool(opts: RenderPoolOptions) {
  const slots = Math.max(1, Math.min(2, availableParallelism() - 1));
  // One per remote being rendered at once, plus room for the warm one: more are not worth their memory.
  const maxMembers = slots + 2;
  const members: Member[] = [];
  let running = 0;
  const waiting: (() => void)[] = [];
  let sequence = 0;
  let closed = false;
  const host = sandboxHost(opts.sandbox);
  const maxMessageBytes = (maxBytes: number) => 2 * maxBytes + 64 * 1024;

  function slot(signal: AbortSignal | undefined): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (running < slots) {
      running++;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve(true);
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        resolve(false);
      };
      waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  function stop(member: Member) {
    member.stopping = true;
    clearTimeout(member.idle);
    const at = members.indexOf(member);
    if (at !== -1) members.splice(at, 1);
    member.process?.kill();
  }

  function rest(member: Member) {
    member.busy = false;
    member.lastUsed = Date.now();
    clearTimeout(member.idle);
    member.idle = setTimeout(() => stop(member), IDLE_MS);
    member.idle.unref();
  }

  function onExit(member: Member, exit: SandboxExit) {
    const at = members.indexOf(member);
    if (at !== -1) members.splice(at, 1);
    clearTimeout(member.idle);
    if (member.waiting) member.waiting({ kind: 'exit', exit });
    else if (!member.stopping && member.last) {
      const { traceparent, ...last } = member.last;
      opts.logger.warn('server render process ended outside a render', {
        ...last,
        traceId: traceIdOf(traceparent),
        outOfMemory: exit.outOfMemory,
        code: exit.code,
        signal: exit.signal,
      });
      opts.onIdleCrash(member.last.remote, member.last.version);
    }
  }

  /** A new process for `shellFile`, registered at once; it loads the shell's build while the caller waits. */
  function spawnMember(shellFile: string, maxBytes: number): Member {
    const member: Member = {
      shellFile,
      process: null,
      ready: Promise.resolve(false),
      busy: false,
      stopping: false,
      lastUsed: Date.now(),
    };
    member.ready = (async () => {
      const [source, code] = await Promise.all([
        programSource(import.meta.url, 'render-process'),
        readFile(shellFile, 'utf8'),
      ]);
      if (member.stopping) return false;
      let loaded: (ok: boolean) => void = () => undefined;
      const ready = new Promise<boolean>((resolve) => (loaded = resolve));
      const process = startSandboxed(await host, {
        source,
        heapMb: opts.maxHeapMb,
        env: { NODE_ENV: opts.nodeEnv },
        maxMessageBytes: maxMessageBytes(maxBytes),
        onMessage: (raw) => {
          const parsed = FromProcessSchema.safeParse(raw);
          if (!parsed.success) {
            member.waiting?.({ kind: 'breach' });
            stop(member);
          } else if (parsed.data.type === 'ready') {
            opts.onStart?.();
            loaded(true);
          } else if (parsed.data.type === 'shell-failed') {
            opts.logger.warn("server render process could not load the shell's server build", {
              error: plainText(parsed.data.message ?? '', EXCERPT_CHARS),
            });
            loaded(false);
          } else member.waiting?.({ kind: 'message', message: parsed.data });
        },
        onBreach: () => {
          member.waiting?.({ kind: 'breach' });
          stop(member);
        },
      });
      member.process = process;
      void process.exited.then((exit) => {
        loaded(false);
        onExit(member, exit);
      });
      process.send({ type: 'shell', code, filename: shellFile, practice: opts.practice } satisfies ToProcess);
      return ready;
    })().catch((error: unknown) => {
      opts.logger.warn('server render process could not start', { error: String(error) });
      stop(member);
      return false;
    });
    members.push(member);
    return member;
  }

  /** An idle process already running this remote, else a fresh one, else a new one (the oldest idle one makes room). */
  function acquire(task: RenderTask): Member {
    const free = (m: Member) => !m.busy && !m.stopping && m.shellFile === task.shellFile;
    let member =
      members.find((m) => free(m) && m.remote === task.remote.name) ?? members.find((m) => free(m) && !m.remote);
    if (!member) {
      const idle = members.filter((m) => !m.busy).sort((a, b) => a.lastUsed - b.lastUsed);
      while (members.length >= maxMembers && idle.length) stop(idle.shift()!);
      member = spawnMember(task.shellFile, task.maxBytes);
    }
    clearTimeout(member.idle);
    member.busy = true;
    member.remote = task.remote.name;
    return member;
  }

  /** Waits for `event` to settle the render: the answer, the process's exit, a breach, the deadline or the caller. */
  function until(member: Member, ms: number, signal: AbortSignal | undefined, send: () => void): Promise<Event> {
    return new Promise<Event>((resolve) => {
      const done = (event: Event) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        member.waiting = undefined;
        resolve(event);
      };
      const timer = setTimeout(() => done({ kind: 'timeout' }), ms);
      const cancel = () => done({ kind: 'cancelled' });
      if (signal?.aborted) return done({ kind: 'cancelled' });
      signal?.addEventListener('abort', cancel, { once: true });
      member.waiting = done;
      send();
    });
  }

  /** A failure the process reported, as the pool answers it (the remote's words cut and made plain, for logs). */
  function reported(answer: Extract<FromProcess, { ok: false }>): PoolResult {
    const excerpt = answer.message === undefined ? undefined : plainText(answer.message, EXCERPT_CHARS);
    return { ok: false, reason: 'error', cause: answer.cause, ...(excerpt ? { excerpt } : {}) };
  }

  /**
   * Sends `message` and waits for its answer within the deadline. Anything else (the deadline, the caller calling it
   * off, the process's exit, a breach of the protocol) ends the process and is answered as the render's failure.
   */
  async function exchange(
    member: Member,
    message: LoadRemote | RenderRequest,
    signal: AbortSignal | undefined,
  ): Promise<{ answer: Extract<FromProcess, { type: 'result' }> } | { failed: PoolResult }> {
    const event = await until(member, opts.deadlineMs, signal, () => member.process!.send(message));
    if (event.kind === 'message' && event.message.type === 'result' && event.message.id === message.id)
      return { answer: event.message };
    const stopping = member.stopping;
    stop(member);
    switch (event.kind) {
      case 'cancelled':
        return { failed: { ok: false, reason: 'cancelled' } };
      case 'timeout':
        return { failed: { ok: false, reason: 'timeout', cause: 'timed-out' } };
      case 'exit':
        if (stopping) return { failed: { ok: false, reason: 'cancelled' } };
        return {
          failed: event.exit.outOfMemory
            ? { ok: false, reason: 'out_of_memory', cause: 'out-of-memory' }
            : { ok: false, reason: 'crash', cause: 'crashed' },
        };
      default:
        // A breach, or an answer that is not this message's: the process is not keeping to the protocol.
        return { failed: { ok: false, reason: 'crash', cause: 'crashed' } };
    }
  }

  async function render(member: Member, task: RenderTask, signal?: AbortSignal): Promise<PoolResult> {
    // Its start (a new process, the shell's build loaded) is not charged to the remote, up to ten deadlines.
    const started = await new Promise<'ready' | 'failed' | 'cancelled'>((resolve) => {
      const finish = (outcome: 'ready' | 'failed' | 'cancelled') => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        resolve(outcome);
      };
      const timer = setTimeout(() => finish('failed'), opts.deadlineMs * 10);
      const cancel = () => finish('cancelled');
      signal?.addEventListener('abort', cancel, { once: true });
      void member.ready.then((ok) => finish(ok ? 'ready' : 'failed'));
    });
    if (started !== 'ready') {
      stop(member);
      return started === 'cancelled'
        ? { ok: false, reason: 'cancelled' }
        : { ok: false, reason: 'crash', cause: 'crashed' };
    }
    const { name, version } = task.remote;
    member.last = { remote: name, version, traceparent: currentTraceparent() };
    // The process's part of the trace (decision 0088): from the moment it is ready, its build's load included.
    const startedAt = Date.now();
    const result = await inProcess(member, task, signal);
    const failed = !result.ok && result.reason !== 'cancelled';
    recordSpan('render in process', startedAt, Date.now(), attributesOf(task), failed);
    return result;
  }

  const loadMessage = (remote: Omit<LoadRemote['remote'], 'code'>, code: string): LoadRemote => ({
    type: 'load',
    id: ++sequence,
    remote: { name: remote.name, version: remote.version, publicPath: remote.publicPath, code },
  });

  /** The version's build loaded if this process does not hold it yet, then the page rendered. */
  async function inProcess(member: Member, task: RenderTask, signal?: AbortSignal): Promise<PoolResult> {
    const { name, version, file } = task.remote;
    // A version's first use in this process evaluates its build, with a deadline of its own.
    if (member.loaded !== version) {
      const loaded = await exchange(member, loadMessage(task.remote, await readFile(file, 'utf8')), signal);
      if ('failed' in loaded) return loaded.failed;
      if (!loaded.answer.ok) {
        rest(member);
        return reported(loaded.answer);
      }
      member.loaded = version;
    }
    const request: RenderRequest = {
      type: 'render',
      id: ++sequence,
      remote: { name, version },
      module: task.module,
      url: task.url,
      config: task.config,
      data: task.data,
      maxBytes: task.maxBytes,
    };
    const rendered = await exchange(member, request, signal);
    if ('failed' in rendered) return rendered.failed;
    rest(member);
    const { answer } = rendered;
    if (!answer.ok) return reported(answer);
    if (answer.markup !== null && answer.markup.length > task.maxBytes)
      return { ok: false, reason: 'error', cause: 'too-large' };
    return { ok: true, markup: answer.markup, ...(answer.missing ? { missing: true } : {}) };
  }

  /** Loads `remote`'s build into an idle process ahead of its first render (`warm`). */
  async function preload(member: Member, remote: WarmRemote): Promise<void> {
    const { name, version, file } = remote;
    let code: string;
    try {
      code = await readFile(file, 'utf8');
    } catch {
      return;
    }
    if (member.stopping) return;
    // A crash of the process after this (a timer the build set) is the version's, as after a render.
    member.last = { remote: name, version };
    // A failure here is not counted: the process is let go, and the first real render loads the build again and
    // counts what it does (counting both would count one fault twice).
    const loaded = await exchange(member, loadMessage(remote, code), undefined);
    if ('failed' in loaded || !loaded.answer.ok) return;
    member.loaded = version;
    // Untimed and uncounted; a render that has taken this process meanwhile waits for one practice page at most.
    for (let pass = 0; pass < PRACTICE_PASSES; pass++)
      for (const page of remote.practice ?? []) {
        if (member.busy || member.stopping) return;
        const request: RenderRequest = {
          type: 'render',
          id: ++sequence,
          remote: { name, version },
          ...page,
          maxBytes: MAX_MARKUP_BYTES,
        };
        if ('failed' in (await exchange(member, request, undefined))) return;
      }
  }

  async function runTask(task: RenderTask, signal?: AbortSignal): Promise<PoolResult> {
    if (!(await slot(signal))) return { ok: false, reason: 'cancelled' };
    try {
      const sandbox = await host;
      if (!sandbox.runs) return { ok: false, reason: 'unavailable', summary: sandbox.summary };
      if (closed || signal?.aborted) return { ok: false, reason: 'cancelled' };
      let member = acquire(task);
      // A build being loaded ahead (`warm`) is this render's to use; when its process ended meanwhile, the render
      // starts its own, which loads the build again and so counts what it does to the render.
      if (member.preloading) {
        await member.preloading;
        if (member.stopping) member = acquire(task);
      }
      return await render(member, task, signal);
    } finally {
      release();
    }
  }

  return {
    /**
     * Renders `task`; `signal` calls it off (its process is killed if it is running). The deadline counts from the
     * moment the request is sent to a process that has loaded the shell.
     */
    run(task: RenderTask, signal?: AbortSignal): Promise<PoolResult> {
      // The render's span (decision 0088), a child of the page request's.
      return inSpan('server render', attributesOf(task), async (span) => {
        const result = await runTask(task, signal);
        if (!result.ok) span?.setAttribute('render.outcome', result.reason);
        return result;
      });
    },
    /**
     * Starts processes that load the shell's server build, so the first renders do not wait for that: one for each of
     * `remotes` (each then runs that remote's code only), or one for whichever remote renders first. A remote that
     * has a process already gets none. A remote given with its version (the live one) also has that version's build
     * loaded in its process, so the first visitor's render does not wait for the build's evaluation either; a build
     * that fails to load is only let go here: its first real render loads it again and counts the failure.
     */
    async warm(shellFile: string, remotes: readonly (string | WarmRemote)[] = []): Promise<void> {
      if (!(await host).runs || closed) return;
      const wanted = remotes.length ? [...remotes] : [undefined];
      const started = wanted.flatMap((want) => {
        const name = typeof want === 'object' ? want.name : want;
        const known = members.find(
          (m) => m.shellFile === shellFile && !m.stopping && (name === undefined || m.remote === name),
        );
        if (known || members.length >= maxMembers) return known ? [{ member: known, want }] : [];
        const member = spawnMember(shellFile, MAX_MARKUP_BYTES);
        member.remote = name;
        return [{ member, want }];
      });
      // The processes do not hold the event loop (sandbox-process.ts): a CLI waiting for them here must not end.
      const hold = setInterval(() => undefined, 60_000);
      try {
        await Promise.all(
          started.map(async ({ member, want }) => {
            if (!(await member.ready)) return stop(member);
            if (member.preloading) await member.preloading;
            else if (typeof want === 'object' && !member.busy && member.loaded !== want.version) {
              clearTimeout(member.idle);
              member.preloading = preload(member, want);
              await member.preloading;
              member.preloading = undefined;
            }
            if (!member.busy && !member.stopping) rest(member);
          }),
        );
      } finally {
        clearInterval(hold);
      }
    },
    /** Ends every process. */
    async close(): Promise<void> {
      closed = true;
      for (const member of [...members]) stop(member);
    },
  };
}
