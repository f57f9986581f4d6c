import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { percentiles, type Timing } from './timing';

/**
 * The host's disk, measured beside the site: a 16 KB write and its flush (what a small commit costs) every 50 ms,
 * into a file of its own next to the database. When a batch of the gateway's was slow and this was slow at the same
 * moment, the disk stalled (another process's writes, the discard of a previous run's deleted gigabytes), not the
 * batch's own work. Answers the stop function, which answers the flushes' timing.
 */
export function diskProbe(dir: string, everyMs = 50): () => Promise<Timing> {
  const file = path.join(dir, 'disk-probe');
  const block = Buffer.alloc(16_384, 1);
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    const handle = await open(file, 'w');
    try {
      for (let i = 0; running; i++) {
        const started = performance.now();
        await handle.write(block, 0, block.length, (i % 64) * block.length);
        await handle.sync();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    } finally {
      await handle.close();
      await rm(file, { force: true });
    }
  })();
  return async () => {
    running = false;
    await loop;
    return percentiles(times.length ? times : [0]);
  };
}
