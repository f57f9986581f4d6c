/** Percentiles of answer times of requests sent one at a time (the cost of one request, not throughput). */
export interface Timing {
  p50: number;
  p99: number;
  max: number;
}

export function percentiles(ms: number[]): Timing {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

/** Times `request` `rounds` x `perRound` times on each target, alternating targets by round, so both share the host's moments. */
export async function alternate(
  targets: string[],
  request: (target: string) => Promise<void>,
  { rounds = 10, perRound = 20, warmup = 5 } = {},
): Promise<Map<string, Timing>> {
  const samples = new Map(targets.map((t) => [t, [] as number[]]));
  for (const t of targets) for (let i = 0; i < warmup; i++) await request(t);
  for (let r = 0; r < rounds; r++) {
    for (const t of r % 2 ? [...targets].reverse() : targets) {
      for (let i = 0; i < perRound; i++) {
        const started = performance.now();
        await request(t);
        samples.get(t)!.push(performance.now() - started);
      }
    }
  }
  return new Map([...samples].map(([t, ms]) => [t, percentiles(ms)]));
}
