import { Piscina } from 'piscina';
import { workerModule } from './worker-module';

/**
 * Work that would hold the event loop (Markdown, PDFs) done in one worker thread beside the caller's module: started
 * on the first task and let go after a minute idle, so tasks queue for it and never take more than one core from the
 * site, whatever number of requests arrive. The thread gets nothing from the gateway's environment but NODE_ENV: it
 * works on the text it is given and needs no secret. A task still running after `deadlineMs` is abandoned and its
 * promise rejects with an `AbortError`.
 */
export function oneThread<In, Out>(caller: string, name: string, opts: { nodeEnv: string; deadlineMs: number }) {
  let pool: Piscina | undefined;
  return {
    run(task: In): Promise<Out> {
      pool ??= new Piscina({
        ...workerModule(caller, name),
        argv: [],
        env: { NODE_ENV: opts.nodeEnv },
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
      return pool.run(task, { signal: AbortSignal.timeout(opts.deadlineMs) }) as Promise<Out>;
    },
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
