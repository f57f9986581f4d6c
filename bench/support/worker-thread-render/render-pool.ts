// The server-render pool as it was before decision 0073 (worker threads, decision 0022), kept only so `bench render`
// can measure the sandboxed processes against it in the same run. Never used by the gateway.
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { workerModule, type Logger } from '@agency/gateway/testing-render';
import type { RenderTask, WorkerCrash } from './render-worker';

export type RenderFailure = 'timeout' | 'crash' | 'out_of_memory' | 'error';

export type PoolResult =
  | { ok: true; markup: string | null }
  | { ok: false; reason: RenderFailure; error: string }
  /** Called off by the caller (the page it was for is no longer live): no fault of the remote's. */
  | { ok: false; reason: 'cancelled' };

export interface RenderPoolOptions {
  /** A render still running after this long is stopped (its thread is terminated). */
  deadlineMs: number;
  /** Each thread's V8 heap (old generation) limit. */
  maxHeapMb: number;
  nodeEnv: string;
  logger: Logger;
  /** A worker ended outside any render (a late timer's throw, say): counted against the remote it last ran. */
  onIdleCrash: (remote: string, version: string) => void;
}

function classify(error: unknown): RenderFailure {
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError') return 'timeout';
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out_of_memory';
  if (/^worker exited with code/.test(e?.message ?? '')) return 'crash';
  return 'error';
}

/**
 * Server renders run here, off the gateway's event loop (decision 0022): in worker threads managed by piscina, with
 * an environment holding nothing but NODE_ENV, a heap limit, and a deadline. Renders are rare (each page is rendered
 * once per deploy and cached), so the pool starts its first thread at start-up (`warm`) or with the first render,
 * and lets idle threads go.
 * At most `threads` renders run at once and the rest wait here, so a render's deadline counts its own running
 * time, not its wait behind another.
 */
export function createRenderPool(opts: RenderPoolOptions) {
  const threads = Math.max(1, Math.min(2, availableParallelism() - 1));
  let pool: Piscina | undefined;
  let running = 0;
  const waiting: (() => void)[] = [];

  function start(): Piscina {
    const { filename, execArgv } = workerModule(import.meta.url, 'render-worker');
    const created = new Piscina({
      filename,
      execArgv,
      argv: [],
      // Nothing from the gateway's environment (database token, SMTP credentials, METRICS_TOKEN).
      env: { NODE_ENV: opts.nodeEnv },
      resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      minThreads: 0,
      maxThreads: threads,
      // Renders come in bursts (a start, a deploy); a thread left idle this long gives its memory back.
      idleTimeout: 5 * 60_000,
      // Idle threads wait on their message port rather than blocking in Atomics.wait, so a remote's timer that
      // fires after its render runs (and fails) while idle, not during some other remote's next render.
      atomics: 'disabled',
    });
    created.on('message', (message: WorkerCrash) => {
      if (message?.type !== 'render-worker-crash') return;
      opts.logger.warn('server render worker crashed', { ...message });
      if (!message.during && message.remote && message.version) opts.onIdleCrash(message.remote, message.version);
    });
    // A thread that fails with no render running (out of memory in a late timer): logged, never thrown.
    created.on('error', (error: unknown) =>
      opts.logger.warn('server render worker failed outside a render', { error: String(error) }),
    );
    return created;
  }

  /** Resolves true once a thread is free for this render, or false if `signal` calls it off first. */
  function slot(signal: AbortSignal | undefined): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (running < threads) {
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

  return {
    /**
     * Renders `task`; `signal` calls it off (its thread is terminated if it is running). The deadline counts from
     * the moment the thread starts the render, so a thread's own start-up (a new isolate) is not charged to the
     * remote; a thread that has not started it after ten deadlines is given up too.
     */
    async run(task: RenderTask, signal?: AbortSignal): Promise<PoolResult> {
      if (!(await slot(signal))) return { ok: false, reason: 'cancelled' };
      const deadline = new AbortController();
      const { port1: started, port2: startedPort } = new MessageChannel();
      let timer = setTimeout(() => deadline.abort(), opts.deadlineMs * 10);
      started.once('message', () => {
        clearTimeout(timer);
        timer = setTimeout(() => deadline.abort(), opts.deadlineMs);
      });
      try {
        pool ??= start();
        const markup = (await pool.run(
          { ...task, started: startedPort },
          {
            // piscina's TransferList type predates @types/node 26's MessagePort; the value is what it documents.
            transferList: [startedPort] as never,
            signal: signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal,
          },
        )) as string | null;
        return { ok: true, markup };
      } catch (error) {
        if (signal?.aborted) return { ok: false, reason: 'cancelled' };
        return { ok: false, reason: classify(error), error: String(error) };
      } finally {
        clearTimeout(timer);
        started.close();
        release();
      }
    },
    /** Starts a thread and has it load the shell's server build, so the first render does not wait for that. */
    async warm(shellFile: string): Promise<void> {
      if (!(await slot(undefined))) return;
      try {
        pool ??= start();
        await pool.run({ shellFile }, { name: 'warm', signal: AbortSignal.timeout(opts.deadlineMs * 10) });
      } catch (error) {
        opts.logger.warn('server render worker could not load the shell server build', { error: String(error) });
      } finally {
        release();
      }
    },
    async close(): Promise<void> {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
