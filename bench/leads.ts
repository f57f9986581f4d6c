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
/** Ids the server acknowledged with a 2xx: every one of them must be in the database afterwards. */
const acknowledged = new Set<number>();
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
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) acknowledged.add((JSON.parse(body) as { id: number }).id);
        },
      },
    ],
  });

  const db = createClient({ url: `file:${path.join(gateway.dataDir, 'agency.db')}` });
  const stored = new Set((await db.execute('select id from contact_inquiries')).rows.map((r) => Number(r.id)));
  db.close();
  const rows = stored.size;
  const lost = [...acknowledged].filter((id) => !stored.has(id));

  const ok = result['2xx'];
  console.log(`lead POST /api/contact-inquiry, ${values.connections} connections, ${values.seconds} s`);
  console.log(`  requests/s   ${result.requests.average.toFixed(0)}`);
  console.log(`  latency p50  ${result.latency.p50} ms   p99 ${result.latency.p99} ms`);
  console.log(`  2xx answered ${ok}   non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
  console.log(`  rows stored  ${rows}   rows / 2xx = ${ok ? (rows / ok).toFixed(4) : 'n/a'}`);
  // Requests still in flight when the clock stops are cut off client-side after the server may have stored
  // them: those rows have no 2xx to count. What must never happen is a 2xx without a row.
  console.log(`  acknowledged but missing: ${lost.length}   stored but cut off by the stop: ${rows - acknowledged.size}`);
  if (lost.length > 0 || acknowledged.size !== ok || rows - ok > Number(values.connections)) {
    console.error('MISMATCH: an acknowledged lead is missing, or the counts do not add up');
    process.exitCode = 1;
  }
} finally {
  await gateway.stop();
}
