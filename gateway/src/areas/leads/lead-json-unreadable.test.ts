import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

/**
 * A lead whose stored JSON (a quote's services and price breakdown, an enquiry's services) is not JSON is still
 * listed and shown (decision 0111): the value reaches the inbox as the stored text, which the lead screen and the
 * export show as no services and no breakdown, and the lead's other fields are all there. Over a real libSQL file.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.cleanup();
});

describe('a lead with stored JSON that does not parse', () => {
  it('is listed and shown, never a 500 of the inbox', async () => {
    const staff = await signedIn(t.app, t.db, 'admin', 'inbox-reader');
    await t.db.run(
      sql`insert into quotes (source, businessName, contactEmail, services, pricingDetails, totalMonthlyCost)
          values ('website', 'Damaged Ltd', 'damaged@example.nz', 'seo, ads', '{"websitePrice": 12', 450)`,
    );
    await t.db.run(
      sql`insert into contact_inquiries (businessName, contactName, contactEmail, servicesInterested)
          values ('Odd Enquiry Ltd', 'Ana', 'ana@example.nz', 'seo')`,
    );

    const quotes = await staff.b.get('/api/admin/leads?type=quote');
    expect(quotes.status).toBe(200);
    const [quote] = quotes.json.items as Record<string, unknown>[];
    expect(quote).toMatchObject({ businessName: 'Damaged Ltd', services: 'seo, ads', totalMonthlyCost: 450 });
    const detail = await staff.b.get(`/api/admin/leads/quote/${String(quote!.id)}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ pricingDetails: '{"websitePrice": 12', contactEmail: 'damaged@example.nz' });

    const all = await staff.b.get('/api/admin/leads?type=all');
    expect(all.status).toBe(200);
    const enquiries = await staff.b.get('/api/admin/leads?type=enquiry');
    expect(enquiries.status).toBe(200);
    expect(enquiries.json.items).toMatchObject([{ businessName: 'Odd Enquiry Ltd', servicesInterested: 'seo' }]);

    const csv = await staff.b.get('/api/admin/leads/export.csv?type=quote');
    expect(csv.status).toBe(200);
  });
});
