/**
 * Decision 0064: every form's sender gets their copy (what they asked for, the 24-hour promise; a quote's copy is
 * the quote), a client hears when staff add a report or a file, and one address cannot use the copies to mail
 * strangers in volume. Through a real SMTP server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactInquiries, quotes } from '../../platform/db';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp, type Received } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'leads@agency.test', DISCOUNT_CODES: 'SUMMER15:15' });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

let ip = 0;
/** Each test from its own client address, so the per-address limit of one does not spill into another. */
const visitor = () => browser(t.app, undefined, `198.51.100.${++ip}`);

/** A message's text as a person reads it: quoted-printable soft breaks joined and its bytes decoded. */
function text(m: Received | undefined): string {
  const raw = (m?.raw ?? '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === '=' && /^[0-9A-F]{2}$/.test(raw.slice(i + 1, i + 3)) ? raw.slice(i + 1, i + 3) : null;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(raw.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));

const enquiry = {
  businessName: 'Waipa Electrical',
  contactName: 'Rangi',
  contactEmail: 'rangi@example.nz',
  servicesInterested: ['seo', 'website_design'],
  preferredContactMethod: 'phone',
  comments: 'Visit https://spam.example for cheap pills',
};
const quoteOptions = {
  websitePackage: 'storefront',
  selectedAddOns: ['Logo Design'],
  chatbotSetup: true,
  chatbotSupport: true,
  socialMediaPlatforms: 3,
  staticPostsPerWeek: '3',
  carouselPostsPerWeek: 'none',
  videoPostsPerWeek: '1',
  socialMediaPageOptimizationCount: 0,
  seoServices: { authorityBlogsPerMonth: '2', seoServices: 'local' },
  metaAdsPackage: 'starter',
  selectedMetaAdsAddOns: [],
};

describe("a form's sender gets their copy", () => {
  it('an enquiry: the services asked about and the 24-hour promise, never the free text', async () => {
    expect((await visitor().post('/api/contact-inquiry', enquiry)).status).toBe(201);
    await t.mailer.idle();
    const [copy] = to('rangi@example.nz');
    expect(copy?.raw).toContain('Subject: We have your enquiry');
    expect(text(copy)).toContain('SEO');
    expect(text(copy)).toContain('within 24 hours');
    expect(text(copy)).toContain('by phone');
    expect(text(copy)).not.toContain('spam.example');
    expect(text(copy)).not.toContain('Waipa Electrical');
    expect(to('leads@agency.test')).toHaveLength(1);
  });

  it('a consultation request: the service of its page and the promise', async () => {
    const res = await visitor().post('/api/submit-consultation', {
      businessName: 'Bright Spark',
      contactName: 'Aroha',
      email: 'aroha@example.nz',
      phone: '021 555 0199',
      currentChallenge: 'Quiet winters',
      service: 'google-ads',
      serviceRequested: 'Free money at https://spam.example',
    });
    expect(res.status).toBe(201);
    await t.mailer.idle();
    const copy = text(to('aroha@example.nz')[0]);
    expect(copy).toContain('free consultation about Google Ads Management');
    expect(copy).toContain('within 24 hours');
    expect(copy).not.toContain('spam.example');
  });

  it('"Email Me This Quote": the website quote itself, priced by the server, and an answer that says so', async () => {
    const res = await visitor().post('/api/website-quote', {
      name: 'Tama',
      email: 'Tama@Example.nz',
      phone: '021 000 111',
      ...quoteOptions,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      "We've e-mailed this quote to tama@example.nz. We'll follow up within 24 hours, not counting weekends and NZ public holidays, to discuss your project.",
    );
    await t.mailer.idle();
    const [copy] = smtp.received.filter((m) => m.to.some((a) => a.toLowerCase() === 'tama@example.nz'));
    expect(copy?.raw).toContain('Subject: Your website quote from');
    expect(text(copy)).toContain('Storefront Website');
    expect(text(copy)).toContain('Add-on: Logo Design');
    expect(text(copy)).toContain('One-time: $1,947.00 + GST ($2,239.05 incl. GST)');
    expect(text(copy)).toContain('within 24 hours');
  });

  it('a custom quote with a discount: the discounted figures', async () => {
    const res = await visitor().post('/api/submit-quote', {
      firstName: 'Mere',
      lastName: 'Smith',
      email: 'mere@example.nz',
      phone: '',
      businessName: 'Smith Landscaping',
      quoteDetails: {
        businessType: 'local',
        websitePackage: 'storefront',
        selectedAddOns: ['Logo Design'],
        chatbotServices: { basicSetup: true, monthlySupport: true },
        socialMediaPlatforms: 3,
        staticPostsPerWeek: '3',
        carouselPostsPerWeek: 'none',
        videoPostsPerWeek: '1',
        socialMediaPageOptimizationCount: 0,
        seoServices: { authorityBlogsPerMonth: '2', seoServices: 'local' },
        metaAdsPackage: 'starter',
        appliedDiscount: { code: 'summer15', percentage: 15, amount: 335.86 },
        calculation: {
          monthlyTotal: 4138,
          oneTimeTotal: 1947,
          gstAmount: 292.05,
          totalWithGst: 2239.05,
          monthlyTotalWithGst: 4758.7,
          finalTotal: 1903.19,
          finalMonthly: 4044.9,
        },
      },
    });
    expect(res.status).toBe(201);
    await t.mailer.idle();
    const copy = text(to('mere@example.nz')[0]);
    expect(copy).toContain('Your custom quote');
    expect(copy).toContain('With your discount: $1,903.19 one-time and $4,044.90 monthly, incl. GST');
  });
});

describe('one address cannot use the copies to mail strangers', () => {
  it('a recipient gets at most 3 copies a day, however the address is spelt; the leads are still stored', async () => {
    const b = visitor();
    for (const spelling of ['hone@example.nz', 'HONE@example.nz', 'Hone@Example.NZ', 'hone@EXAMPLE.nz']) {
      expect((await b.post('/api/contact-inquiry', { ...enquiry, contactEmail: spelling })).status).toBe(201);
    }
    const refused = await visitor().post('/api/website-quote', {
      email: 'hone@example.nz',
      phone: '1',
      ...quoteOptions,
    });
    expect(refused.json.message).toMatch(/^Your quote is shown below\. .* was not e-mailed; we'll still follow up/);
    await t.mailer.idle();
    expect(smtp.received.filter((m) => m.to.some((a) => a.toLowerCase() === 'hone@example.nz'))).toHaveLength(3);
    const stored = await t.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.contactEmail, 'hone@example.nz'));
    expect(stored).toHaveLength(4);
    expect(await t.db.select().from(quotes).where(eq(quotes.contactEmail, 'hone@example.nz'))).toHaveLength(1);
    // The agency heard of every one.
    expect(to('leads@agency.test')).toHaveLength(5);
  });

  it('one client address reaches at most 10 recipients a day', async () => {
    const b = visitor();
    for (let i = 0; i < 12; i++) {
      expect(
        (await b.post('/api/contact-inquiry', { ...enquiry, contactEmail: `stranger${i}@example.nz` })).status,
      ).toBe(201);
    }
    await t.mailer.idle();
    const strangers = smtp.received.filter((m) => m.to.some((a) => a.startsWith('stranger')));
    expect(strangers).toHaveLength(10);
    // Another address is not held back by it.
    expect(
      (await visitor().post('/api/contact-inquiry', { ...enquiry, contactEmail: 'other@example.nz' })).status,
    ).toBe(201);
    await t.mailer.idle();
    expect(to('other@example.nz')).toHaveLength(1);
  });
});

describe('a client hears when staff add something for them', () => {
  it('a new report (not a correction of it) and a new file, at the address of their account', async () => {
    const admin = await signedIn(t.app, t.db, 'admin', 'staffer');
    const client = await signedIn(t.app, t.db, 'client', 'kiri');
    const report = { reportDate: '2026-10-01', websiteTraffic: 1200 };
    expect((await admin.b.post(`/api/admin/clients/${client.id}/reports`, report)).status).toBe(201);
    expect((await admin.b.post(`/api/admin/clients/${client.id}/reports`, { ...report, conversions: 3 })).status).toBe(
      200,
    );
    await t.mailer.idle();
    // Besides the sign-in from a new browser (decision 0062), one report e-mail: none for the correction.
    const reports = to('kiri@example.nz').filter((m) => !m.raw.includes('Subject: New sign-in'));
    expect(reports).toHaveLength(1);
    expect(reports[0]?.raw).toContain('Subject: Your October 2026 report is ready');
    expect(text(reports[0])).toContain('/dashboard');

    const cookie = [...admin.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = await t.app.request(`/api/admin/clients/${client.id}/files?name=growth-plan.pdf`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      body: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    expect(upload.status).toBe(201);
    await t.mailer.idle();
    const file = to('kiri@example.nz').find((m) => m.raw.includes('Subject: A new file'));
    expect(file?.raw).toContain('Subject: A new file is in your client portal');
    expect(text(file)).toContain('growth-plan.pdf');
  });
});
