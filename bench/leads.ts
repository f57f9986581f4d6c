/**
 * Lead POSTs at 50 connections for 10 s against the built gateway (run `pnpm build` first):
 * prints requests/s, latency percentiles and rows stored versus 2xx answered (they must be equal).
 *   pnpm --filter @agency/bench leads [-- --connections 50 --seconds 10]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createClient } from '@libsql/client';
import { startGateway } from '../e2e/support/gateway';

const { values } = parseArgs({
  options: { connections: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } },
});

const gateway = await startGateway({ LOG_LEVEL: 'error' });
let n = 0;
try {
  const result = await autocannon({
    url: `${gateway.url}/api/contact-inquiry`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway.url },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            businessName: `Bench Plumbing ${++n}`,
            contactName: 'Bench Tester',
            contactEmail: `bench${n}@example.co.nz`,
            servicesInterested: ['website_design', 'seo'],
          }),
        }),
      },
    ],
  });

  const db = createClient({ url: `file:${path.join(gateway.dataDir, 'agency.db')}` });
  const rows = Number((await db.execute('select count(*) as n from contact_inquiries')).rows[0]?.n ?? 0);
  db.close();

  const ok = result['2xx'];
  console.log(`lead POST /api/contact-inquiry, ${values.connections} connections, ${values.seconds} s`);
  console.log(`  requests/s   ${result.requests.average.toFixed(0)}`);
  console.log(`  latency p50  ${result.latency.p50} ms   p99 ${result.latency.p99} ms`);
  console.log(`  2xx answered ${ok}   non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
  console.log(`  rows stored  ${rows}   rows / 2xx = ${ok ? (rows / ok).toFixed(4) : 'n/a'}`);
  if (rows !== ok) {
    console.error('MISMATCH: rows stored differ from successful answers');
    process.exitCode = 1;
  }
} finally {
  await gateway.stop();
}
