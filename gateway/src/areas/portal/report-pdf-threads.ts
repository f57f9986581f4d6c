import { Piscina } from 'piscina';
import { workerModule } from '../../platform/worker-module';
import type { ReportPdfInput } from './report-pdf';

/** A PDF still building after this long is given up: a report is two or three pages, built in well under a second. */
const DEADLINE_MS = 30_000;

/**
 * Report PDFs built off the event loop (decision 0113): one thread, started on the first PDF and let go when idle, so
 * PDFs queue for it and never take more than one core from the site, whatever number of downloads or sends arrive.
 */
export function reportPdfThreads(nodeEnv: string) {
  let pool: Piscina | undefined;
  return {
    build(input: ReportPdfInput): Promise<Buffer> {
      pool ??= new Piscina({
        ...workerModule(import.meta.url, 'report-pdf-worker'),
        argv: [],
        // Nothing from the gateway's environment: the thread lays out figures and needs no secret.
        env: { NODE_ENV: nodeEnv },
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
      return (pool.run(input, { signal: AbortSignal.timeout(DEADLINE_MS) }) as Promise<Uint8Array>).then((bytes) =>
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      );
    },
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

export type ReportPdfThreads = ReturnType<typeof reportPdfThreads>;
