// What `bench tracing-off` measures, through a public entry of the gateway's: the tests' in-process app over a
// throwaway libSQL file, and the tracing helpers whose cost while off it counts (decision 0088).
export { fromPeer, setupApp } from '../test/helpers';
export { inSpan, tracingEnabled } from '../src/platform/tracing';
