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
import { SelectField } from '@agency/contracts/ui';

type Update = (patch: Partial<QuoteOptions>) => void;
type Toggle = (key: 'selectedAddOns' | 'selectedMetaAdsAddOns', name: string) => void;

const card = (active: boolean) =>
  `block cursor-pointer rounded-xl border-2 p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${active ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-slate-300'}`;
const section = 'defer-render rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const NONE = ['none', 'None'] as const;
const perMonth = (price: number) => `${formatNzdWhole(price)}/month`;
type Choice = readonly [value: string | number, text: string];

/** 'None', then each row of a monthly price table, named by `name` and priced. */
const monthlyChoices = (table: Readonly<Record<string, number>>, name: (key: string) => string): Choice[] => [
  NONE,
  ...Object.entries(table).map(([key, price]) => [key, `${name(key)}: ${perMonth(price)}`] as const),
];
const SEO_SERVICE_NAMES: Record<string, string> = { local: 'Local SEO', national: 'National SEO' };
const META_ADS_PACKAGE_NAMES: Record<string, string> = { starter: 'Starter', growth: 'Growth' };

/** A checkbox named with its price (an option that adds to the quote). */
function PricedCheckbox({
  label,
  price,
  checked,
  onChange,
  className = '',
}: {
  label: string;
  price: string;
  checked: boolean;
  onChange: () => void;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-3 ${className}`}>
      <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={checked} onChange={onChange} />
      {label} <span className="text-brand-700">{price}</span>
    </label>
  );
}

/** A labelled select of a picker's choices, each a value and the words shown for it. */
function ChoiceSelect({
  label,
  value,
  onChange,
  choices,
  className,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  className?: string;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} className={className}>
      {choices.map(([choice, text]) => (
        <option key={choice} value={choice}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

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
      <PricedCheckbox
        className="mt-3"
        label="Chatbot setup"
        price={`${formatNzdWhole(CHATBOT.setup)} one-time`}
        checked={options.chatbotSetup}
        onChange={() => update({ chatbotSetup: !options.chatbotSetup })}
      />
      <PricedCheckbox
        className="mt-2"
        label="Monthly support and tuning"
        price={perMonth(CHATBOT.support)}
        checked={options.chatbotSupport}
        onChange={() => update({ chatbotSupport: !options.chatbotSupport })}
      />
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
