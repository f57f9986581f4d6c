import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  seconds: number;
}

export interface LoadFigures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run; `requests` lets a caller vary bodies and watch answers. */
export async function load(
  label: string,
  url: string,
  { connections, seconds }: LoadOptions,
  extra: Partial<autocannon.Options> = {},
): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, ...extra });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function printFigures(rows: LoadFigures[]) {
  console.log(
    `${'run'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'2xx'.padStart(9)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(34)}${r.rps.toFixed(0).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.ok).padStart(9)}${String(r.non2xx).padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
}
