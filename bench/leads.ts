/**
 * Lead POSTs at 50 connections for 10 s against the built gateway (run `pnpm build` first):
 * prints requests/s, latency percentiles and rows stored versus 2xx answered (they must be equal).
 *   pnpm --filter @agency/bench leads [-- --connections 50 --seconds 10]
 */
import { parseArgs } from 'node:util';
import { startGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { LEAD_LOAD_ENV, leadLoad, reportLeadIntegrity } from './support/lead-load';
import { printFigures } from './support/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: { connections: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } },
});
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };

const gateway = await startGateway({ LOG_LEVEL: 'error', ...LEAD_LOAD_ENV });
try {
  const result = await leadLoad(gateway.url, gateway.dataDir, options);
  printFigures([result]);
  if (!reportLeadIntegrity(result, options.connections)) process.exitCode = 1;
} finally {
  await gateway.stop();
}
