import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { sandboxHost, startSandboxed, type SandboxPolicy } from '../../platform/render/sandbox-process';
import { evaluateRemoteEntry, type EntryCheckInput, type EntryCheckOutput } from './remote-entry-program';

/** The answer is a few hundred bytes; anything longer is not the program's. */
const MAX_ANSWER_BYTES = 64 * 1024;
const HEAP_MB = 256;

/**
 * What an answer may say. A build that got out of the `vm` context could write any line: it may lie about its own
 * outcome (decision 0073 says what that buys it), but it can hand the gateway no words of its own.
 */
const Answer = z.union([
  z.object({ entry: z.enum(['missing', 'threw', 'no-container', 'no-runtime', 'timed-out']) }).strict(),
  z
    .object({
      entry: z.literal('ok'),
      pages: z.record(z.string().max(200), z.enum(['ok', 'missing', 'threw', 'not-a-module', 'timed-out'])),
      consumed: z.array(z.string().max(200)).max(100),
      failedScripts: z.array(z.string().max(1000)).max(1000),
    })
    .strict(),
]);

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
 * The program the check's process runs: read one input, evaluate, write one answer line. `__name` stands in for the
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
 * Evaluates a remote's browser build in a process of its own, in the same sandbox as the render processes
 * (sandbox-process.ts, decision 0073): an empty environment, no descriptors but its pipes, network and process
 * namespaces, uid 65534 when the gateway is root, Node's permission model (no file, network, child process or
 * worker), a heap limit, and killed at `deadlineMs` (decision 0080). The build's scripts come over stdin, so the
 * process reads no file. Team code runs here only as browser code inside a `vm` context, never as Node code.
 */
export async function runEntryCheck(
  input: Omit<EntryCheckInput, 'runtime'>,
  { deadlineMs, sandbox }: { deadlineMs: number; sandbox: SandboxPolicy },
): Promise<EntryCheckOutput> {
  const host = await sandboxHost(sandbox);
  if (!host.runs) return { entry: 'unavailable', summary: host.summary };
  const full: EntryCheckInput = { ...input, runtime: await federationRuntimeSource() };
  return new Promise<EntryCheckOutput>((resolve) => {
    let settled = false;
    const finish = (answer: EntryCheckOutput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      resolve(answer);
    };
    const child = startSandboxed(host, {
      source: program(),
      heapMb: HEAP_MB,
      maxMessageBytes: MAX_ANSWER_BYTES,
      onMessage: (message) => {
        const answer = Answer.safeParse(message);
        finish(answer.success ? answer.data : { entry: 'threw' });
      },
      // An answer that is not the program's.
      onBreach: () => finish({ entry: 'threw' }),
    });
    const timer = setTimeout(() => finish({ entry: 'timed-out' }), deadlineMs);
    // Killed (out of memory, a crash) before it answered.
    void child.exited.then(() => finish({ entry: 'threw' }));
    child.send(full);
    child.end();
  });
}
