import { readdir, readFile } from 'node:fs/promises';

/**
 * Who used the host's CPU during a window (Linux /proc): the whole machine from /proc/stat, and every process from
 * /proc/<pid>/stat, grouped into the trees of the given roots (Chromium and its renderers, the gateway and its render
 * workers, this process). What is left is the other processes': on a shared host, the work that is not the site's.
 */
interface Snapshot {
  at: number;
  busy: number;
  total: number;
  /** pid -> [parent pid, CPU ticks (user + system)] */
  processes: Map<number, [number, number]>;
}

async function processStat(pid: number): Promise<[number, number] | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!text) return null;
  // The command name is in parentheses and may hold spaces: the fields after it are counted from its end.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // utime + stime, and cutime + cstime: the ticks of its children that ended and were reaped (Chromium's renderers
  // come and go with each page; their time then counts in the zygote's tree).
  return [Number(fields[1]), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])];
}

export async function snapshot(): Promise<Snapshot> {
  const stat = await readFile('/proc/stat', 'utf8');
  const cpu = stat.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const idle = cpu[3]! + cpu[4]!;
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  const processes = new Map<number, [number, number]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = await processStat(Number(name));
    if (s) processes.set(Number(name), s);
  }
  return { at: performance.now(), busy: total - idle, total, processes };
}

export interface CpuShares {
  /** Of the whole machine (all cores), in %. */
  host: number;
  /** Each named tree's, and the rest's, in % of the whole machine. */
  trees: Record<string, number>;
  others: number;
}

/** The CPU used between two snapshots, by tree (`roots`: name -> root pid). */
export function cpuBetween(a: Snapshot, b: Snapshot, roots: Record<string, number>): CpuShares {
  const total = b.total - a.total || 1;
  const treeOf = (pid: number): string | null => {
    for (let p = pid, depth = 0; p > 1 && depth < 32; depth++) {
      const name = Object.keys(roots).find((k) => roots[k] === p);
      if (name) return name;
      p = b.processes.get(p)?.[0] ?? a.processes.get(p)?.[0] ?? 0;
    }
    return null;
  };
  const trees: Record<string, number> = Object.fromEntries(Object.keys(roots).map((k) => [k, 0]));
  let named = 0;
  for (const [pid, [, ticks]] of b.processes) {
    const tree = treeOf(pid);
    if (!tree) continue;
    const used = ticks - (a.processes.get(pid)?.[1] ?? 0);
    trees[tree]! += used;
    named += used;
  }
  const pct = (ticks: number) => (100 * ticks) / total;
  return {
    host: pct(b.busy - a.busy),
    trees: Object.fromEntries(Object.entries(trees).map(([k, v]) => [k, pct(v)])),
    others: pct(Math.max(0, b.busy - a.busy - named)),
  };
}

export const formatShares = (s: CpuShares) =>
  `host CPU ${s.host.toFixed(0)}% busy: ${Object.entries(s.trees)
    .map(([k, v]) => `${k} ${v.toFixed(0)}%`)
    .join(', ')}, other processes ${s.others.toFixed(0)}%`;

/** CPU ticks (1/100 s on Linux) used by `root` and every process under it, between two snapshots. */
export function treeTicksBetween(a: Snapshot, b: Snapshot, root: number): number {
  const inTree = (pid: number) => {
    for (let p = pid, depth = 0; p > 1 && depth < 32; depth++) {
      if (p === root) return true;
      p = b.processes.get(p)?.[0] ?? a.processes.get(p)?.[0] ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, [, used]] of b.processes) if (inTree(pid)) ticks += used - (a.processes.get(pid)?.[1] ?? 0);
  return ticks;
}
