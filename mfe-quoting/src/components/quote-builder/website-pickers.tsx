import { CHATBOT, formatNzdWhole, WEBSITE_PACKAGE_KEYS, WEBSITE_PACKAGES, type QuoteOptions } from '@agency/contracts';
import { card, perMonth, PricedCheckbox, section, type Toggle, type Update } from './picker-parts';

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
