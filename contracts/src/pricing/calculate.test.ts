import { describe, expect, it } from 'vitest';
import { calculateQuote, pricingAgrees } from './calculate';
import { QuoteOptionsSchema, type QuoteOptionsInput } from './options';
import { formatNzd, PRICE_RANGES } from './format';

const price = (input: QuoteOptionsInput, discount = 0) => calculateQuote(QuoteOptionsSchema.parse(input), discount);

/** Social weekly prices, written out again from the spec so the table in tables.ts is checked, not echoed. */
const SOCIAL_CASES: [type: 'static' | 'carousel' | 'video', perWeek: number, prices: number[]][] = [
  ['static', 2, [110, 160, 200, 230, 250]],
  ['static', 3, [140, 180, 220, 250, 280]],
  ['static', 4, [160, 200, 240, 270, 300]],
  ['static', 5, [180, 220, 260, 290, 320]],
  ['carousel', 1, [150, 190, 230, 260, 280]],
  ['carousel', 2, [180, 220, 260, 290, 310]],
  ['carousel', 3, [210, 250, 290, 320, 340]],
  ['carousel', 4, [240, 280, 320, 350, 370]],
  ['video', 1, [275, 310, 340, 360, 370]],
  ['video', 2, [335, 385, 415, 440, 460]],
  ['video', 3, [420, 480, 520, 550, 570]],
  ['video', 4, [500, 575, 625, 660, 685]],
];

describe('social media: every cell (weekly x 4 = monthly)', () => {
  const cells = SOCIAL_CASES.flatMap(([type, perWeek, prices]) =>
    prices.map((weekly, i) => [type, perWeek, i + 1, weekly] as const),
  );
  it.each(cells)('%s %i/week on %i platforms costs %i a week', (type, perWeek, platforms, weekly) => {
    const b = price({ socialMediaPlatforms: platforms, [`${type}PostsPerWeek`]: String(perWeek) });
    expect(b.socialMediaMonthly).toBe(weekly * 4);
    expect(b.totalMonthly).toBe(weekly * 4);
    expect(b.totalOneTime).toBe(0);
  });

  it('adds the weekly prices of the selected post types', () => {
    const b = price({
      socialMediaPlatforms: 2,
      staticPostsPerWeek: '3',
      carouselPostsPerWeek: '1',
      videoPostsPerWeek: '2',
    });
    expect(b.socialMediaMonthly).toBe((180 + 190 + 385) * 4);
  });

  it('accepts numbers as well as text for posts per week', () => {
    expect(price({ staticPostsPerWeek: 2 }).socialMediaMonthly).toBe(440);
  });
});

describe('website packages and add-ons: every one', () => {
  const PACKAGES: [key: string, price: number, addOns: [string, number][]][] = [
    [
      'landingPage',
      798,
      [
        ['A/B Test Variant', 199],
        ['Analytics Setup', 99],
        ['Custom Graphics', 149],
      ],
    ],
    [
      'storefront',
      1198,
      [
        ['Extra Page (per page)', 99],
        ['Logo Design', 199],
        ['Hosting Setup', 99],
        ['Google Business Profile Setup', 199],
      ],
    ],
    [
      'booking',
      1998,
      [
        ['Payment Integration', 199],
        ['Branded Confirmation Emails', 129],
        ['Multiple Staff Schedules', 249],
      ],
    ],
    [
      'membership',
      2998,
      [
        ['Member Billing Setup', 199],
        ['Email Automation', 149],
        ['Content Portal', 174],
        ['Multi-Tier Access', 249],
      ],
    ],
    [
      'ecommerce',
      3598,
      [
        ['Add 25 More Products', 99],
        ['Order confirmation emails', 129],
        ['Gift Cards', 99],
      ],
    ],
  ];

  it.each(PACKAGES.map(([k, p]) => [k, p] as const))('%s costs %i one-time', (key, p) => {
    const b = price({ websitePackage: key });
    expect(b.websitePrice).toBe(p);
    expect(b.totalOneTime).toBe(p);
    expect(b.totalMonthly).toBe(0);
  });

  it.each(PACKAGES.flatMap(([k, p, addOns]) => addOns.map(([name, a]) => [k, name, a, p] as const)))(
    '%s + %s adds %i',
    (key, name, addOnPrice, packagePrice) => {
      const b = price({ websitePackage: key, selectedAddOns: [name] });
      expect(b.addOnsPrice).toBe(addOnPrice);
      expect(b.totalOneTime).toBe(packagePrice + addOnPrice);
    },
  );

  it('counts every selected add-on', () => {
    expect(
      price({
        websitePackage: 'membership',
        selectedAddOns: ['Member Billing Setup', 'Email Automation', 'Content Portal', 'Multi-Tier Access'],
      }).addOnsPrice,
    ).toBe(771);
  });

  it.each([
    ['landing-page', 798],
    ['online-store', 3598],
    ['none', 0],
  ] as const)('accepts %s', (key, p) => {
    expect(price({ websitePackage: key }).websitePrice).toBe(p);
  });
});

describe('chatbot, page optimisation, SEO, Meta Ads', () => {
  it('chatbot setup is 550 one-time and support 99 a month', () => {
    expect(price({ chatbotSetup: true })).toMatchObject({ chatbotSetup: 550, totalOneTime: 550, totalMonthly: 0 });
    expect(price({ chatbotSupport: true })).toMatchObject({ chatbotMonthly: 99, totalMonthly: 99, totalOneTime: 0 });
  });

  it.each([
    [0, 0],
    [1, 350],
    [2, 600],
    [3, 850],
    [4, 1100],
    [5, 1350],
  ])('%i optimised pages cost %i', (count, p) => {
    expect(price({ socialMediaPageOptimizationCount: count })).toMatchObject({
      socialMediaPageOptimization: p,
      totalOneTime: p,
    });
  });

  it.each([
    ['2', 160],
    ['3', 230],
    ['4', 290],
  ])('%s authority blogs a month cost %i', (blogs, p) => {
    expect(price({ seoServices: { authorityBlogsPerMonth: blogs, seoServices: 'none' } }).seoMonthly).toBe(p);
  });

  it.each([
    ['local', 640],
    ['national', 1520],
  ])('%s SEO costs %i a month', (service, p) => {
    expect(price({ seoServices: { authorityBlogsPerMonth: 'none', seoServices: service } }).seoMonthly).toBe(p);
  });

  it.each([
    ['starter', 999],
    ['growth', 1750],
  ])('Meta Ads %s costs %i a month', (pkg, p) => {
    expect(price({ metaAdsPackage: pkg }).metaAdsMonthly).toBe(p);
  });

  it.each([
    ['Strategy-Only Add-On Campaign', 450],
    ['Full Add-On Campaign', 750],
  ])('Meta Ads add-on %s adds %i', (name, p) => {
    expect(price({ metaAdsPackage: 'growth', selectedMetaAdsAddOns: [name] }).metaAdsMonthly).toBe(1750 + p);
  });
});

describe('combined quotes worked by hand', () => {
  it('storefront + Logo Design + chatbot + 3 platforms static 3 & video 1 + local SEO + 2 blogs + starter Meta Ads', () => {
    const b = price({
      websitePackage: 'storefront',
      selectedAddOns: ['Logo Design'],
      chatbotSetup: true,
      chatbotSupport: true,
      socialMediaPlatforms: 3,
      staticPostsPerWeek: '3',
      videoPostsPerWeek: '1',
      seoServices: { authorityBlogsPerMonth: '2', seoServices: 'local' },
      metaAdsPackage: 'starter',
    });
    // one-time 1198 + 199 + 550 = 1947; monthly 99 + (220 + 340) x 4 + 640 + 160 + 999 = 4138
    expect(b.totalOneTime).toBe(1947);
    expect(b.totalMonthly).toBe(4138);
    expect(b.gstOneTime).toBe(292.05);
    expect(b.totalWithGst).toBe(2239.05);
    expect(b.monthlyTotalWithGst).toBe(4758.7);
    expect(formatNzd(b.totalOneTime)).toBe('$1,947.00');
    expect(formatNzd(b.monthlyTotalWithGst)).toBe('$4,758.70');
  });

  it('online store + gift cards + 2 pages optimised with SUMMER15 (15% off both GST-inclusive totals)', () => {
    const b = price(
      {
        websitePackage: 'online-store',
        selectedAddOns: ['Gift Cards'],
        socialMediaPageOptimizationCount: 2,
        chatbotSupport: true,
      },
      15,
    );
    // one-time 3598 + 99 + 600 = 4297; incl. GST 4941.55; x 0.85 = 4200.3175 -> 4200.32
    expect(b.oneTimeTotal).toBe(4297);
    expect(b.totalWithGst).toBe(4941.55);
    expect(b.finalTotal).toBe(4200.32);
    expect(b.discountAmount).toBe(741.23);
    // monthly 99; incl. GST 113.85; x 0.85 = 96.7725 -> 96.77
    expect(b.monthlyTotalWithGst).toBe(113.85);
    expect(b.finalMonthly).toBe(96.77);
  });

  it('landing page + growth Meta Ads with both add-ons + national SEO with LOYAL25', () => {
    const b = price(
      {
        websitePackage: 'landingPage',
        metaAdsPackage: 'growth',
        selectedMetaAdsAddOns: ['Strategy-Only Add-On Campaign', 'Full Add-On Campaign'],
        seoServices: { authorityBlogsPerMonth: '4', seoServices: 'national' },
      },
      25,
    );
    // monthly 1750 + 450 + 750 + 290 + 1520 = 4760; incl. GST 5474; less 25% = 4105.50
    expect(b.totalMonthly).toBe(4760);
    expect(b.monthlyTotalWithGst).toBe(5474);
    expect(b.finalMonthly).toBe(4105.5);
    // one-time 798; incl. GST 917.70; x 0.75 = 688.275 -> 688.28 (rounded once, half up)
    expect(b.finalTotal).toBe(688.28);
    expect(b.discountAmount).toBe(229.42);
  });

  it('an empty selection costs nothing', () => {
    expect(price({})).toMatchObject({ totalOneTime: 0, totalMonthly: 0, finalTotal: 0, finalMonthly: 0 });
  });
});

describe('invalid selections are errors, never silent zeros', () => {
  it.each<[string, QuoteOptionsInput]>([
    ['unknown package', { websitePackage: 'castle' }],
    ['add-on of another package', { websitePackage: 'booking', selectedAddOns: ['Logo Design'] }],
    ['add-on without a package', { selectedAddOns: ['Logo Design'] }],
    ['duplicate add-on', { websitePackage: 'storefront', selectedAddOns: ['Logo Design', 'Logo Design'] }],
    ['0 platforms', { socialMediaPlatforms: 0 }],
    ['6 platforms', { socialMediaPlatforms: 6 }],
    ['1.5 platforms', { socialMediaPlatforms: 1.5 }],
    ['1 static post a week', { staticPostsPerWeek: '1' }],
    ['6 static posts a week', { staticPostsPerWeek: '6' }],
    ['0 carousel posts a week', { carouselPostsPerWeek: '0' }],
    ['5 video posts a week', { videoPostsPerWeek: '5' }],
    ['6 optimised pages', { socialMediaPageOptimizationCount: 6 }],
    ['-1 optimised pages', { socialMediaPageOptimizationCount: -1 }],
    ['5 blogs a month', { seoServices: { authorityBlogsPerMonth: '5', seoServices: 'none' } }],
    ['global SEO', { seoServices: { authorityBlogsPerMonth: 'none', seoServices: 'global' } }],
    ['unknown Meta Ads package', { metaAdsPackage: 'mega' }],
    ['unknown Meta Ads add-on', { metaAdsPackage: 'starter', selectedMetaAdsAddOns: ['Billboard'] }],
    // Names every object inherits are not add-ons (an `in` lookup let them through to the price tables).
    ...['toString', '__proto__', 'constructor', 'valueOf', 'hasOwnProperty'].map(
      (name): [string, QuoteOptionsInput] => [
        `Meta Ads add-on ${name}`,
        { metaAdsPackage: 'starter', selectedMetaAdsAddOns: [name] },
      ],
    ),
    ['Meta Ads add-on without a package', { selectedMetaAdsAddOns: ['Full Add-On Campaign'] }],
  ])('%s', (_name, input) => {
    const result = QuoteOptionsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/\w{4,}/);
  });

  it('refuses a discount outside 0-100%', () => {
    expect(() => price({}, 120)).toThrow(RangeError);
  });
});

describe('pricingAgrees', () => {
  const server = price({ websitePackage: 'storefront', chatbotSupport: true });
  it('agrees when the figures match to the cent', () => {
    expect(pricingAgrees({ totalOneTime: 1198, totalMonthly: 99.001 }, server)).toBe(true);
  });
  it('disagrees on any different figure, or when nothing was sent', () => {
    expect(pricingAgrees({ totalOneTime: 1, totalMonthly: 99 }, server)).toBe(false);
    expect(pricingAgrees({ totalOneTime: '1198' }, server)).toBe(false);
    expect(pricingAgrees(undefined, server)).toBe(false);
  });
});

describe('derived price ranges', () => {
  it('come from the tables', () => {
    expect(PRICE_RANGES.website).toEqual({ from: 798, to: 3598 });
    expect(PRICE_RANGES.socialMediaMonthly).toEqual({ from: 440, to: 2740 });
    expect(PRICE_RANGES.seoMonthly).toEqual({ from: 160, to: 1520 });
    expect(PRICE_RANGES.metaAdsMonthly).toEqual({ from: 999, to: 1750 });
  });
});
