import { z } from 'zod';
import {
  META_ADS_ADD_ONS,
  META_ADS_PACKAGES,
  SEO_AUTHORITY_BLOGS,
  SEO_SERVICES,
  SOCIAL_WEEKLY,
  WEBSITE_PACKAGE_ALIASES,
  WEBSITE_PACKAGE_KEYS,
  WEBSITE_PACKAGES,
  type SocialPostType,
  type WebsitePackageKey,
} from './tables';

const packageInputs = ['none', ...WEBSITE_PACKAGE_KEYS, ...Object.keys(WEBSITE_PACKAGE_ALIASES)] as [
  string,
  ...string[],
];

export const WebsitePackageSchema = z
  .enum(packageInputs, { error: `Website package must be one of ${packageInputs.join(', ')}` })
  .transform(
    (key) =>
      (WEBSITE_PACKAGE_ALIASES[key as keyof typeof WEBSITE_PACKAGE_ALIASES] ?? key) as WebsitePackageKey | 'none',
  );

/** 'none' or a posts-per-week count inside the row range of that post type's table. */
const postsPerWeek = (type: SocialPostType) => {
  const allowed = Object.keys(SOCIAL_WEEKLY[type]);
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .refine((v) => v === 'none' || allowed.includes(v), {
      error: `${type} posts per week must be 'none' or ${allowed[0]}-${allowed.at(-1)}`,
    })
    .default('none');
};

export const SeoSelectionSchema = z.object({
  authorityBlogsPerMonth: z
    .enum(['none', ...Object.keys(SEO_AUTHORITY_BLOGS)] as [string, ...string[]], {
      error: 'Authority blogs per month must be none, 2, 3 or 4',
    })
    .default('none'),
  seoServices: z
    .enum(['none', ...Object.keys(SEO_SERVICES)] as [string, ...string[]], {
      error: 'SEO service must be none, local or national',
    })
    .default('none'),
});

/**
 * What a visitor picked (QuoteOptionsSchema below). The same field names are used by the website-quote payload and the saved quote, so
 * the server can re-price either with `calculateQuote`. Anything outside the tables is a validation error.
 */
export const quoteOptionsShape = {
  websitePackage: WebsitePackageSchema.default('none'),
  selectedAddOns: z.array(z.string().max(100)).max(20).default([]),
  chatbotSetup: z.boolean().default(false),
  chatbotSupport: z.boolean().default(false),
  socialMediaPlatforms: z
    .number({ error: 'Social media platforms must be a number from 1 to 5' })
    .int()
    .min(1, { error: 'Social media platforms must be from 1 to 5' })
    .max(5, { error: 'Social media platforms must be from 1 to 5' })
    .default(1),
  staticPostsPerWeek: postsPerWeek('static'),
  carouselPostsPerWeek: postsPerWeek('carousel'),
  videoPostsPerWeek: postsPerWeek('video'),
  socialMediaPageOptimizationCount: z
    .number({ error: 'Page optimisation count must be a number from 0 to 5' })
    .int()
    .min(0, { error: 'Page optimisation count must be from 0 to 5' })
    .max(5, { error: 'Page optimisation count must be from 0 to 5' })
    .default(0),
  seoServices: SeoSelectionSchema.default({ authorityBlogsPerMonth: 'none', seoServices: 'none' }),
  metaAdsPackage: z
    .enum(['none', ...Object.keys(META_ADS_PACKAGES)] as [string, ...string[]], {
      error: 'Meta Ads package must be none, starter or growth',
    })
    .default('none'),
  selectedMetaAdsAddOns: z.array(z.string().max(100)).max(5).default([]),
};

type ShapeOutput = z.output<z.ZodObject<typeof quoteOptionsShape>>;

/** Cross-field rules: add-ons must belong to what is selected. Reused by every payload carrying options. */
export function refineQuoteOptions(o: ShapeOutput, ctx: z.RefinementCtx): void {
  const valid = o.websitePackage === 'none' ? [] : WEBSITE_PACKAGES[o.websitePackage].addOns.map((a) => a.name);
  for (const name of o.selectedAddOns) {
    if (!valid.includes(name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['selectedAddOns'],
        message:
          o.websitePackage === 'none'
            ? 'Add-ons need a website package'
            : `'${name}' is not an add-on of the ${WEBSITE_PACKAGES[o.websitePackage].name}`,
      });
    }
  }
  if (new Set(o.selectedAddOns).size !== o.selectedAddOns.length) {
    ctx.addIssue({ code: 'custom', path: ['selectedAddOns'], message: 'An add-on is selected twice' });
  }
  for (const name of o.selectedMetaAdsAddOns) {
    if (!Object.hasOwn(META_ADS_ADD_ONS, name)) {
      ctx.addIssue({ code: 'custom', path: ['selectedMetaAdsAddOns'], message: `'${name}' is not a Meta Ads add-on` });
    }
  }
  if (new Set(o.selectedMetaAdsAddOns).size !== o.selectedMetaAdsAddOns.length) {
    ctx.addIssue({ code: 'custom', path: ['selectedMetaAdsAddOns'], message: 'A Meta Ads add-on is selected twice' });
  }
  if (o.selectedMetaAdsAddOns.length > 0 && o.metaAdsPackage === 'none') {
    ctx.addIssue({
      code: 'custom',
      path: ['selectedMetaAdsAddOns'],
      message: 'Meta Ads add-ons need a Meta Ads package',
    });
  }
}

export const QuoteOptionsSchema = z.object(quoteOptionsShape).superRefine(refineQuoteOptions);

export type QuoteOptionsInput = z.input<typeof QuoteOptionsSchema>;
export type QuoteOptions = z.output<typeof QuoteOptionsSchema>;
