// What `bench tracing-off` measures, through a public entry of the gateway's: the tests' in-process app over a
// throwaway libSQL file, and the tracing helpers whose cost while off it counts (decision 0088).
export { fromPeer, setupApp } from '../test/helpers';
export { inSpan, tracingEnabled } from '../src/platform/tracing';
// What `bench google-nightly` measures: the nightly Google fetch over a throwaway database, against the stand-in.
export { nightlyFigures } from '../src/areas/google';
export { createLogger } from '../src/platform/logger';
export { addDays, nzDay } from '../src/areas/google/days';
export { connectClient, connectionOf } from '../src/areas/google/nightly-test-kit';
