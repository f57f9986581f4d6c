/**
 * Makes the baseline for "tracing off costs nothing a bench can see" (decision 0088): a detached worktree of this
 * checkout's HEAD whose `gateway/src/platform/tracing.ts` is replaced by a module with the same exports and no
 * tracing at all (no OpenTelemetry import, no `enabled` test: each helper runs its work alone), then installed and
 * built like the original. `compare` and `compare-in-process` then set today's gateway, tracing off, beside it:
 *   pnpm --filter @agency/bench without-tracing [-- --dir /tmp/agency-without-tracing]
 *   pnpm --filter @agency/bench compare -- --before /tmp/agency-without-tracing --pairs 8
 *   pnpm --filter @agency/bench compare-in-process -- without=/tmp/agency-without-tracing today=$PWD
 * The frontends are not rebuilt: the worktree's `dist` folders link to this checkout's (build it first).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cliArgs } from './support/cli';

const { values } = parseArgs({
  args: cliArgs(),
  options: { dir: { type: 'string', default: path.join(tmpdir(), 'agency-without-tracing') } },
});
const root = path.resolve(import.meta.dirname, '..');
const dir = path.resolve(values.dir);
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, CI: 'true' } });

/** What the gateway imports from the tracing module, doing nothing: the code as it would be without tracing. */
const NO_TRACING = `// Written by bench/without-tracing.ts: the gateway without tracing, the baseline of the tracing-off overhead.
export const tracingEnabled = () => false;
export async function startTracing() {
  return async () => {};
}
export const traceIdOf = (traceparent) => {
  const id = traceparent ? /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(traceparent.trim())?.[1] : undefined;
  return id && !/^0+$/.test(id) ? id : undefined;
};
export const ROOT = undefined;
export const contextFrom = () => ROOT;
export const currentTraceparent = () => undefined;
export const inSpan = (_name, _attributes, work) => work(undefined);
export function recordSpan() {}
export const SpanKind = { INTERNAL: 0, SERVER: 1, CLIENT: 2, PRODUCER: 3, CONSUMER: 4 };
export const SpanStatusCode = { UNSET: 0, OK: 1, ERROR: 2 };
`;

if (existsSync(dir)) {
  run('git', ['worktree', 'remove', '--force', dir], root);
  rmSync(dir, { recursive: true, force: true });
}
run('git', ['worktree', 'add', '--detach', dir, 'HEAD'], root);
// @ts-nocheck keeps the gateway's typecheck out of it: the module is plain JavaScript with the same names.
writeFileSync(path.join(dir, 'gateway/src/platform/tracing.ts'), `// @ts-nocheck\n${NO_TRACING}`);
run('pnpm', ['install', '--offline', '--frozen-lockfile'], dir);
for (const app of ['shell', 'mfe-marketing', 'mfe-quoting', 'mfe-account']) {
  const built = path.join(root, app, 'dist');
  if (!existsSync(built)) throw new Error(`${app} is not built here: run \`pnpm build\` in ${root} first`);
  symlinkSync(built, path.join(dir, app, 'dist'), 'dir');
}
run('pnpm', ['--filter', '@agency/gateway', 'build'], dir);
console.log(`\nthe gateway without tracing, built: ${dir}`);
