import {
  CHATBOT,
  formatNzdWhole,
  META_ADS_ADD_ONS,
  META_ADS_PACKAGES,
  META_ADS_RECOMMENDED_SPEND,
  PAGE_OPTIMISATION,
  SEO_AUTHORITY_BLOGS,
  SEO_SERVICES,
  SOCIAL_WEEKLY,
  WEBSITE_PACKAGE_KEYS,
  WEBSITE_PACKAGES,
  type QuoteOptions,
  type SocialPlatform,
} from '@agency/contracts';

type Update = (patch: Partial<QuoteOptions>) => void;
type Toggle = (key: 'selectedAddOns' | 'selectedMetaAdsAddOns', name: string) => void;

const card = (active: boolean) =>
  `block cursor-pointer rounded-xl border-2 p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${active ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-slate-300'}`;
const section = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const selectClass = 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2';

export function PackagePicker({
  value,
  update,
  allowNone,
}: {
  value: QuoteOptions['websitePackage'];
  update: Update;
  allowNone?: boolean;
}) {
  return (
    <fieldset className={section}>
      <legend className="px-1 text-lg font-bold">Website</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {allowNone && (
          <label className={card(value === 'none')}>
            <input
              type="radio"
              name="websitePackage"
              value="none"
              checked={value === 'none'}
              onChange={() => update({ websitePackage: 'none' })}
              className="sr-only"
            />
            <span className="font-semibold">No website</span>
            <span className="block text-sm text-slate-600">I already have a site I'm happy with.</span>
          </label>
        )}
        {WEBSITE_PACKAGE_KEYS.map((key) => {
          const pkg = WEBSITE_PACKAGES[key];
          return (
            <label key={key} className={card(value === key)}>
              <input
                type="radio"
                name="websitePackage"
                value={key}
                checked={value === key}
                onChange={() => update({ websitePackage: key })}
                className="sr-only"
              />
              <span className="flex justify-between gap-2 font-semibold">
                {pkg.name} <span className="text-brand-700">{formatNzdWhole(pkg.price)}</span>
              </span>
              <span className="block text-sm text-slate-600">{pkg.description}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function AddOnPicker({ options, toggle }: { options: QuoteOptions; toggle: Toggle }) {
  if (options.websitePackage === 'none') return null;
  const pkg = WEBSITE_PACKAGES[options.websitePackage];
  return (
    <fieldset className={section}>
      <legend className="px-1 text-lg font-bold">{pkg.name} add-ons</legend>
      <div className="mt-3 space-y-2">
        {pkg.addOns.map((addOn) => (
          <label key={addOn.name} className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4 accent-brand-600"
              checked={options.selectedAddOns.includes(addOn.name)}
              onChange={() => toggle('selectedAddOns', addOn.name)}
            />
            <span>
              <span className="font-medium">{addOn.name}</span>{' '}
              <span className="text-brand-700">+{formatNzdWhole(addOn.price)}</span>
              <span className="block text-sm text-slate-600">{addOn.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ChatbotPicker({ options, update }: { options: QuoteOptions; update: Update }) {
  return (
    <fieldset className={section}>
      <legend className="px-1 text-lg font-bold">AI chatbot</legend>
      <p className="text-sm text-slate-600">
        A GPT-based assistant on your site with up to 10 conversation flows, answering questions and capturing leads
        24/7.
      </p>
      <label className="mt-3 flex items-center gap-3">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={options.chatbotSetup}
          onChange={(e) => update({ chatbotSetup: e.target.checked })}
        />
        Chatbot setup <span className="text-brand-700">{formatNzdWhole(CHATBOT.setup)} one-time</span>
      </label>
      <label className="mt-2 flex items-center gap-3">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={options.chatbotSupport}
          onChange={(e) => update({ chatbotSupport: e.target.checked })}
        />
        Monthly support and tuning <span className="text-brand-700">{formatNzdWhole(CHATBOT.support)}/month</span>
      </label>
    </fieldset>
  );
}

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
          <label key={type} className="block text-sm font-medium">
            {postLabels[type]}
            <select
              className={selectClass}
              value={options[key[type]]}
              onChange={(e) => update({ [key[type]]: e.target.value })}
            >
              <option value="none">None</option>
              {Object.keys(SOCIAL_WEEKLY[type]).map((n) => (
                <option key={n} value={n}>
                  {n} per week
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {showOptimisation && (
        <label className="mt-4 block text-sm font-medium">
          Profile optimisation (one-time)
          <select
            className={selectClass}
            value={options.socialMediaPageOptimizationCount}
            onChange={(e) => update({ socialMediaPageOptimizationCount: Number(e.target.value) })}
          >
            {PAGE_OPTIMISATION.map((price, count) => (
              <option key={count} value={count}>
                {count === 0 ? 'None' : `${count} page${count > 1 ? 's' : ''}: ${formatNzdWhole(price)}`}
              </option>
            ))}
          </select>
        </label>
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
        <label className="block text-sm font-medium">
          SEO service
          <select
            className={selectClass}
            value={seo.seoServices}
            onChange={(e) => update({ seoServices: { ...seo, seoServices: e.target.value } })}
          >
            <option value="none">None</option>
            {Object.entries(SEO_SERVICES).map(([k, price]) => (
              <option key={k} value={k}>
                {k === 'local' ? 'Local SEO' : 'National SEO'}: {formatNzdWhole(price)}/month
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          Authority blog articles
          <select
            className={selectClass}
            value={seo.authorityBlogsPerMonth}
            onChange={(e) => update({ seoServices: { ...seo, authorityBlogsPerMonth: e.target.value } })}
          >
            <option value="none">None</option>
            {Object.entries(SEO_AUTHORITY_BLOGS).map(([n, price]) => (
              <option key={n} value={n}>
                {n} per month: {formatNzdWhole(price)}/month
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}

export function MetaAdsPicker({ options, update, toggle }: { options: QuoteOptions; update: Update; toggle: Toggle }) {
  return (
    <fieldset className={section}>
      <legend className="px-1 text-lg font-bold">Meta (Facebook &amp; Instagram) ads</legend>
      <label className="block text-sm font-medium">
        Management package
        <select
          className={selectClass}
          value={options.metaAdsPackage}
          onChange={(e) =>
            update({
              metaAdsPackage: e.target.value,
              ...(e.target.value === 'none' ? { selectedMetaAdsAddOns: [] } : {}),
            })
          }
        >
          <option value="none">None</option>
          {Object.entries(META_ADS_PACKAGES).map(([k, price]) => (
            <option key={k} value={k}>
              {k === 'starter' ? 'Starter' : 'Growth'}: {formatNzdWhole(price)}/month
            </option>
          ))}
        </select>
      </label>
      {options.metaAdsPackage !== 'none' && (
        <>
          <p className="mt-2 text-xs text-slate-500">
            Recommended ad spend{' '}
            {formatNzdWhole(
              META_ADS_RECOMMENDED_SPEND[options.metaAdsPackage as keyof typeof META_ADS_RECOMMENDED_SPEND][0],
            )}
            -
            {formatNzdWhole(
              META_ADS_RECOMMENDED_SPEND[options.metaAdsPackage as keyof typeof META_ADS_RECOMMENDED_SPEND][1],
            )}{' '}
            a month, paid to Meta directly.
          </p>
          <div className="mt-3 space-y-2">
            {Object.entries(META_ADS_ADD_ONS).map(([name, price]) => (
              <label key={name} className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={options.selectedMetaAdsAddOns.includes(name)}
                  onChange={() => toggle('selectedMetaAdsAddOns', name)}
                />
                {name} <span className="text-brand-700">+{formatNzdWhole(price)}/month</span>
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
