import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { evaluateRemoteEntry, type EntryCheckInput, type EntryCheckOutput } from './remote-entry-program';

/** The answer is a few hundred bytes; anything longer is not the program's. */
const MAX_ANSWER_BYTES = 64 * 1024;
const HEAP_MB = 256;

let runtime: Promise<string> | undefined;

/**
 * The federation runtime script (federation-runtime.ts): built beside the gateway's bundle
 * (`dist/federation-runtime.global.js`, also found from `dist/cli/`), or bundled here with esbuild (a dev dependency)
 * when the gateway runs from its TypeScript sources (tests, `pnpm dev`). Made once per process.
 */
export function federationRuntimeSource(): Promise<string> {
  runtime ??= (async () => {
    const here = import.meta.url;
    if (!here.endsWith('.ts')) {
      const beside = fileURLToPath(new URL('./federation-runtime.global.js', here));
      const above = fileURLToPath(new URL('../federation-runtime.global.js', here));
      return readFile(existsSync(beside) ? beside : above, 'utf8');
    }
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./federation-runtime.ts', here))],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      define: FEDERATION_RUNTIME_DEFINES,
    });
    return result.outputFiles[0]!.text;
  })();
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

/** The runtime reads this from `process.env`, which a browser (and the check's context) does not have. */
export const FEDERATION_RUNTIME_DEFINES = { 'process.env.FEDERATION_DEBUG': '""' };

/**
 * The program the check's process runs: read one input, evaluate, write one answer. `__name` stands in for the
 * helper a TypeScript compiler may wrap named functions in, so the function's text runs on its own.
 */
const program = () =>
  `import vm from 'node:vm';
const __name = (f) => f;
const evaluate = ${evaluateRemoteEntry.toString()};
let input = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => (input += chunk)).on('end', async () => {
  let answer;
  try { answer = await evaluate(vm, JSON.parse(input)); } catch { answer = { entry: 'threw' }; }
  process.stdout.write(JSON.stringify(answer) + '\\n', () => process.exit(0));
});`;

/**
 * Evaluates a remote's browser build in a process of its own (decision 0080): started with an empty environment,
 * no descriptors but its pipes, no working folder of the gateway's, Node's permission model (no file, network, child
 * process or worker), a heap limit, and killed at `deadlineMs`. The build's scripts come over stdin, so the process
 * reads no file. Team code runs here only as browser code inside a `vm` context, never as Node code.
 */
export async function runEntryCheck(
  input: Omit<EntryCheckInput, 'runtime'>,
  { deadlineMs }: { deadlineMs: number },
): Promise<EntryCheckOutput> {
  const full: EntryCheckInput = { ...input, runtime: await federationRuntimeSource() };
  const child = spawn(
    process.execPath,
    ['--permission', `--max-old-space-size=${HEAP_MB}`, '--input-type=module', '-e', program()],
    { env: {}, cwd: '/', stdio: ['pipe', 'pipe', 'ignore'] },
  );
  return new Promise<EntryCheckOutput>((resolve) => {
    let out = '';
    let settled = false;
    const finish = (answer: EntryCheckOutput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ entry: 'timed-out' }), deadlineMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.length > MAX_ANSWER_BYTES) finish({ entry: 'threw' });
    });
    child.on('error', () => finish({ entry: 'threw' }));
    child.on('close', () => {
      try {
        finish(JSON.parse(out) as EntryCheckOutput);
      } catch {
        // Killed (out of memory, a crash) or an answer that is not the program's.
        finish({ entry: 'threw' });
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(full));
  });
}
