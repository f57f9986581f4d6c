import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A worker thread's module, beside its caller: the compiled file beside the gateway's bundle (every entry of
 * tsup.config.ts sits in dist/), or the TypeScript source when the gateway runs from source (tests, `pnpm dev`),
 * which the worker then loads through tsx. `caller` is the caller's `import.meta.url`.
 */
export function workerModule(caller: string, name: string): { filename: string; execArgv: string[] } {
  const fromSource = caller.endsWith('.ts');
  const filename = fileURLToPath(new URL(`./${name}${fromSource ? '.ts' : '.js'}`, caller));
  if (!fromSource) return { filename, execArgv: [] };
  return { filename, execArgv: ['--import', pathToFileURL(createRequire(caller).resolve('tsx')).href] };
}
