import path from 'node:path';
import { createClient } from '@libsql/client';
import { load, type LoadFigures, type LoadOptions } from './load';

export interface LeadLoadResult extends LoadFigures {
  rowsStored: number;
  /** 2xx answers whose row is not in the database: must be 0. */
  lost: number;
  /** Rows whose answer was cut off client-side when the clock stopped (at most one per connection). */
  cutOff: number;
}

/**
 * The gateway settings a lead load needs: the load generator stands in for a proxy in front of many visitors, and
 * says who each visitor is with X-Forwarded-For, as a load balancer does. The per-address lead limit (20 an hour)
 * then counts each visitor, as in production, instead of seeing one address send thousands.
 */
export const LEAD_LOAD_ENV = { TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1' };

/** The n-th visitor's address: every lead comes from a different one (16 million before they repeat). */
export const visitor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** The n-th visitor's contact enquiry, the body of every lead the benches send. */
export const contactEnquiry = (n: number) =>
  JSON.stringify({
    businessName: `Bench Plumbing ${n}`,
    contactName: 'Bench Tester',
    contactEmail: `bench${n}@example.co.nz`,
    servicesInterested: ['website_design', 'seo'],
  });

/** A contact enquiry as an in-process app takes it: from the n-th visitor, behind a trusted proxy. */
export const enquiryRequest = (n: number): [string, RequestInit] => [
  '/api/contact-inquiry',
  {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor(n) },
    body: contactEnquiry(n),
  },
];

/**
 * Lead POSTs (contact enquiries) against a running gateway started with LEAD_LOAD_ENV, each from its own visitor
 * address, then counts the rows in its database file.
 */
export async function leadLoad(gatewayUrl: string, dataDir: string, options: LoadOptions): Promise<LeadLoadResult> {
  let n = 0;
  const acknowledged = new Set<number>();
  const figures = await load('lead POST /api/contact-inquiry', `${gatewayUrl}/api/contact-inquiry`, options, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    requests: [
      {
        setupRequest: (req) => {
          const i = ++n;
          return {
            ...req,
            headers: { ...req.headers, 'x-forwarded-for': visitor(i) },
            body: contactEnquiry(i),
          };
        },
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) acknowledged.add((JSON.parse(body) as { id: number }).id);
        },
      },
    ],
  });

  const db = createClient({ url: `file:${path.join(dataDir, 'agency.db')}` });
  const stored = new Set((await db.execute('select id from contact_inquiries')).rows.map((r) => Number(r.id)));
  db.close();
  return {
    ...figures,
    rowsStored: stored.size,
    lost: [...acknowledged].filter((id) => !stored.has(id)).length,
    cutOff: stored.size - acknowledged.size,
  };
}

/** Prints the stored-versus-answered check; returns false when an acknowledged lead is missing. */
export function reportLeadIntegrity(r: LeadLoadResult, connections: number): boolean {
  console.log(
    `  lead rows stored ${r.rowsStored}, 2xx answered ${r.ok}, rows / 2xx = ${r.ok ? (r.rowsStored / r.ok).toFixed(4) : 'n/a'}`,
  );
  // Requests in flight when the clock stops are cut off client-side after the server may have stored them:
  // those rows have no 2xx to count. What must never happen is a 2xx without a row.
  console.log(`  acknowledged but missing: ${r.lost}   stored but cut off by the stop: ${r.cutOff}`);
  const sound = r.lost === 0 && r.cutOff >= 0 && r.cutOff <= connections;
  if (!sound) console.error('MISMATCH: an acknowledged lead is missing, or the counts do not add up');
  return sound;
}
