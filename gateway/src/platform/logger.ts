type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = Record<Level, (msg: string, fields?: Record<string, unknown>) => void> & {
  /**
   * Whether a line at `level` is written: a caller whose fields cost something to gather (every request's) asks
   * first. A logger without it writes every level.
   */
  enabled?: (level: Level) => boolean;
};

/** One JSON object per line on stdout: what log collectors expect, and greppable by reqId. */
export function createLogger(
  level: Level | 'silent',
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const log =
    (at: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (order[at] < order[level]) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields })}\n`);
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    enabled: (at) => order[at] >= order[level],
  };
}
