import {
  formatNzdWhole,
  META_ADS_ADD_ONS,
  META_ADS_PACKAGES,
  META_ADS_RECOMMENDED_SPEND,
  PAGE_OPTIMISATION,
  SEO_AUTHORITY_BLOGS,
  SEO_SERVICES,
  SOCIAL_WEEKLY,
  type QuoteOptions,
  type SocialPlatform,
} from '@agency/contracts';
import {
  ChoiceSelect,
  monthlyChoices,
  NONE,
  perMonth,
  PricedCheckbox,
  section,
  type Toggle,
  type Update,
} from './picker-parts';

const SEO_SERVICE_NAMES: Record<string, string> = { local: 'Local SEO', national: 'National SEO' };
const META_ADS_PACKAGE_NAMES: Record<string, string> = { starter: 'Starter', growth: 'Growth' };

const postLabels = {
  static: 'Static posts per week',
  carousel: 'Carousel posts per week',
  video: 'Video posts per week',
} as const;

export function SocialPicker({
  options,
  update,
  platformOrder,
  showOptimisation = true,
}: {
  options: QuoteOptions;
  update: Update;
  platformOrder?: readonly SocialPlatform[];
  showOptimisation?: boolean;
}) {
  const key = { static: 'staticPostsPerWeek', carousel: 'carouselPostsPerWeek', video: 'videoPostsPerWeek' } as const;
  return (
    <fieldset className={section}>
      <legend className="px-1 text-lg font-bold">Social media management</legend>
      <label className="mt-2 block text-sm font-medium">
        Platforms: <span className="font-bold">{options.socialMediaPlatforms}</span>
        <input
          type="range"
          min={1}
          max={5}
          step={1}
          value={options.socialMediaPlatforms}
          onChange={(e) => update({ socialMediaPlatforms: Number(e.target.value) })}
          className="mt-2 w-full accent-brand-600"
          aria-valuetext={`${options.socialMediaPlatforms} platforms`}
        />
      </label>
      {platformOrder && (
        <p className="text-sm text-slate-600">
          Recommended for you: {platformOrder.slice(0, options.socialMediaPlatforms).join(', ')}
        </p>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {(['static', 'carousel', 'video'] as const).map((type) => (
          <ChoiceSelect
            key={type}
            label={postLabels[type]}
            value={options[key[type]]}
            onChange={(value) => update({ [key[type]]: value })}
            choices={[NONE, ...Object.keys(SOCIAL_WEEKLY[type]).map((n) => [n, `${n} per week`] as const)]}
          />
        ))}
      </div>
      {showOptimisation && (
        <ChoiceSelect
          label="Profile optimisation (one-time)"
          className="mt-4"
          value={options.socialMediaPageOptimizationCount}
          onChange={(value) => update({ socialMediaPageOptimizationCount: Number(value) })}
          choices={PAGE_OPTIMISATION.map(
            (price, count) =>
              [count, count === 0 ? 'None' : `${count} page${count > 1 ? 's' : ''}: ${formatNzdWhole(price)}`] as const,
          )}
        />
      )}
      <p className="mt-3 text-xs text-slate-500">We recommend at least 3 posts a week on each platform.</p>
    </fieldset>
  );
}

export function SeoPicker({ options, update }: { options: QuoteOptions; update: Update }) {
  const seo = options.seoServices;
  return (
    <fieldset className={section}>
      <legend className="px-1 text-lg font-bold">SEO</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceSelect
          label="SEO service"
          value={seo.seoServices}
          onChange={(value) => update({ seoServices: { ...seo, seoServices: value } })}
          choices={monthlyChoices(SEO_SERVICES, (key) => SEO_SERVICE_NAMES[key] ?? key)}
        />
        <ChoiceSelect
          label="Authority blog articles"
          value={seo.authorityBlogsPerMonth}
          onChange={(value) => update({ seoServices: { ...seo, authorityBlogsPerMonth: value } })}
          choices={monthlyChoices(SEO_AUTHORITY_BLOGS, (count) => `${count} per month`)}
        />
      </div>
    </fieldset>
  );
}

export function MetaAdsPicker({ options, update, toggle }: { options: QuoteOptions; update: Update; toggle: Toggle }) {
  const spend =
    options.metaAdsPackage === 'none'
      ? undefined
      : META_ADS_RECOMMENDED_SPEND[options.metaAdsPackage as keyof typeof META_ADS_RECOMMENDED_SPEND];
  return (
    <fieldset className={section}>
      <legend className="px-1 text-lg font-bold">Meta (Facebook &amp; Instagram) ads</legend>
      <ChoiceSelect
        label="Management package"
        value={options.metaAdsPackage}
        onChange={(value) =>
          update({ metaAdsPackage: value, ...(value === 'none' ? { selectedMetaAdsAddOns: [] } : {}) })
        }
        choices={monthlyChoices(META_ADS_PACKAGES, (key) => META_ADS_PACKAGE_NAMES[key] ?? key)}
      />
      {spend && (
        <>
          <p className="mt-2 text-xs text-slate-500">
            Recommended ad spend {formatNzdWhole(spend[0])}-{formatNzdWhole(spend[1])} a month, paid to Meta directly.
          </p>
          <div className="mt-3 space-y-2">
            {Object.entries(META_ADS_ADD_ONS).map(([name, price]) => (
              <PricedCheckbox
                key={name}
                label={name}
                price={`+${perMonth(price)}`}
                checked={options.selectedMetaAdsAddOns.includes(name)}
                onChange={() => toggle('selectedMetaAdsAddOns', name)}
              />
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
