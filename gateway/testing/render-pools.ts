// What `bench render` measures, through a public entry of the gateway's: the sandboxed render pool (decision 0073) with
// the env parser and logger it is configured with, and the helper the worker-thread pool it is compared with (kept in
// bench/support/, decision 0022) starts its threads with.
export { loadEnv } from '../src/platform/env';
export { createLogger, type Logger } from '../src/platform/logger';
export { createRenderPool, type WarmRemote } from '../src/platform/render/render-pool';
export { workerModule } from '../src/platform/worker-module';
