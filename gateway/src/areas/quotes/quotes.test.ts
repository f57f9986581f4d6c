import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../platform/db';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({ DISCOUNT_CODES: 'SUMMER15:15,STAFF50:50' });
});
afterAll(() => t.cleanup());

const post = (path: string, body: unknown) =>
  t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const quoteRow = async (id: number) => (await t.db.select().from(quotes).where(eq(quotes.id, id)))[0];

/** The hand-worked quote of the pricing tests: one-time 1,947.00, monthly 4,138.00. */
const options = {
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

describe('POST /api/website-quote', () => {
  const request = {
    name: 'Tama',
    email: 'tama@example.nz',
    phone: '021 000 111',
    websitePackageName: 'Storefront Website',
    ...options,
  };

  it('answers success, message and the server pricing, and stores the server figures', async () => {
    const res = await post('/api/website-quote', {
      ...request,
      pricing: { totalOneTime: 1947, totalMonthly: 4138, gstOneTime: 292.05 },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      message: string;
      id: number;
      pricing: Record<string, number>;
    };
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/follow up/);
    expect(body.pricing).toMatchObject({
      totalOneTime: 1947,
      totalMonthly: 4138,
      gstOneTime: 292.05,
      monthlyTotalWithGst: 4758.7,
    });
    expect(await quoteRow(body.id)).toMatchObject({
      source: 'website',
      status: 'pending',
      contactEmail: 'tama@example.nz',
      totalSetupCost: 1947,
      totalMonthlyCost: 4138,
      finalSetupCost: 2239.05,
      finalMonthlyCost: 4758.7,
      pricingAgreed: true,
      services: expect.arrayContaining(['Storefront Website', 'Add-on: Logo Design', 'Meta Ads: starter']),
    });
  });

  it('keeps its own figures and flags the quote when the browser sent different ones', async () => {
    const res = await post('/api/website-quote', { ...request, pricing: { totalOneTime: 1, totalMonthly: 1 } });
    const body = (await res.json()) as { id: number; pricing: { totalOneTime: number } };
    expect(body.pricing.totalOneTime).toBe(1947);
    expect(await quoteRow(body.id)).toMatchObject({
      totalSetupCost: 1947,
      pricingAgreed: false,
      browserPricing: { totalOneTime: 1, totalMonthly: 1 },
    });
  });

  it.each([
    ['email', { email: '' }, 'Please enter your email address to receive the quote.'],
    ['phone', { phone: '' }, 'Please enter your phone number so we can contact you about your quote.'],
    ['websitePackage', { websitePackage: 'castle' }, 'Website package must be one of'],
    ['socialMediaPlatforms', { socialMediaPlatforms: 9 }, 'Social media platforms must be from 1 to 5'],
    ['videoPostsPerWeek', { videoPostsPerWeek: '7' }, "video posts per week must be 'none' or 1-4"],
    [
      'socialMediaPageOptimizationCount',
      { socialMediaPageOptimizationCount: 6 },
      'Page optimisation count must be from 0 to 5',
    ],
    ['selectedAddOns', { selectedAddOns: ['Gift Cards'] }, 'not an add-on'],
    ['selectedMetaAdsAddOns', { metaAdsPackage: 'starter', selectedMetaAdsAddOns: ['toString'] }, 'not a Meta Ads'],
    ['selectedMetaAdsAddOns', { metaAdsPackage: 'starter', selectedMetaAdsAddOns: ['__proto__'] }, 'not a Meta Ads'],
  ])('rejects a bad %s', async (field, patch, message) => {
    const res = await post('/api/website-quote', { ...request, ...patch });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors[field]).toContain(message);
  });

  it('accepts the package aliases', async () => {
    const res = await post('/api/website-quote', { email: 'a@b.nz', phone: '1', websitePackage: 'online-store' });
    expect(((await res.json()) as { pricing: { websitePrice: number } }).pricing.websitePrice).toBe(3598);
  });
});

describe('POST /api/submit-quote (social calculator)', () => {
  const social = {
    firstName: 'Ana',
    lastName: 'Te Wiata',
    email: 'ana@example.nz',
    businessName: "Ana's Business",
    quoteDetails: {
      businessType: 'social-media',
      services: { staticPosts: '3', carouselPosts: '2', videoPosts: 'none', platforms: 2, optimization: 1 },
      calculation: {
        total: 350,
        monthlyTotal: 1600,
        totalWithGst: 402.5,
        monthlyTotalWithGst: 1840,
        finalTotal: 402.5,
        finalMonthly: 1840,
      },
    },
  };

  it('stores a social quote priced by the server', async () => {
    const res = await post('/api/submit-quote', social);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // (180 + 220) x 4 = 1600 a month; one optimised page 350 one-time
    expect(await quoteRow(id)).toMatchObject({
      source: 'social',
      contactName: 'Ana Te Wiata',
      businessName: "Ana's Business",
      totalMonthlyCost: 1600,
      totalSetupCost: 350,
      pricingAgreed: true,
    });
  });

  it('needs name and email', async () => {
    const res = await post('/api/submit-quote', { ...social, firstName: '', email: '' });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(errors).toMatchObject({
      firstName: 'Please fill in your name and email address.',
      email: 'Please fill in your name and email address.',
    });
  });

  it('rejects out-of-range social options', async () => {
    const res = await post('/api/submit-quote', {
      ...social,
      quoteDetails: { ...social.quoteDetails, services: { ...social.quoteDetails.services, platforms: 0 } },
    });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/submit-quote (custom quote)', () => {
  const saved = {
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
  };
  const custom = {
    firstName: 'Wiremu',
    lastName: 'Smith',
    email: 'wiremu@example.nz',
    phone: '',
    businessName: 'Smith Landscaping',
    additionalRequirements: 'Start in March',
    quoteDetails: saved,
    submittedAt: '2026-11-22T00:00:00Z',
  };

  it('stores the quote with the server-checked discount applied to the GST-inclusive totals', async () => {
    const res = await post('/api/submit-quote', custom);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // 2239.05 x 0.85 = 1903.19 (1903.1925); 4758.70 x 0.85 = 4044.90 (4044.895)
    expect(await quoteRow(id)).toMatchObject({
      source: 'custom',
      contactName: 'Wiremu Smith',
      businessType: 'local',
      additionalNotes: 'Start in March',
      discountApplied: 'SUMMER15 (15%)',
      finalSetupCost: 1903.19,
      finalMonthlyCost: 4044.9,
      pricingAgreed: true,
      status: 'pending',
    });
  });

  it('keeps a quote whose discount code is unknown, priced without it and flagged', async () => {
    const res = await post('/api/submit-quote', {
      ...custom,
      quoteDetails: { ...saved, appliedDiscount: { code: 'FAKE99', percentage: 99, amount: 2000 } },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await quoteRow(id)).toMatchObject({ discountApplied: null, finalSetupCost: 2239.05, pricingAgreed: false });
  });

  it.each(['firstName', 'lastName', 'email', 'businessName'])('requires %s', async (field) => {
    const res = await post('/api/submit-quote', { ...custom, [field]: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors[field]).toBeTruthy();
  });

  it('rejects a saved quote outside the price tables, naming the field', async () => {
    const res = await post('/api/submit-quote', {
      ...custom,
      quoteDetails: { ...saved, selectedAddOns: ['Gift Cards'] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors['quoteDetails.selectedAddOns']).toMatch(
      /not an add-on/,
    );
  });
});

describe('POST /api/discount-codes/validate', () => {
  it.each([
    ['summer15', 15],
    ['SUMMER15', 15],
    [' staff50 ', 50],
  ])('%s is worth %i%%', async (code, percentage) => {
    const res = await post('/api/discount-codes/validate', { code });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: code.trim().toUpperCase(), percentage });
  });

  it('answers a clear 404 for an unknown code; the default codes are replaced by configuration', async () => {
    const res = await post('/api/discount-codes/validate', { code: 'NEWCLIENT10' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Invalid discount code',
      errors: { code: 'Please enter a valid discount code.' },
    });
  });

  it('requires a code', async () => {
    expect((await post('/api/discount-codes/validate', { code: '' })).status).toBe(400);
  });
});
