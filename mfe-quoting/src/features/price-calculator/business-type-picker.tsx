import { CALCULATOR_BUSINESS_TYPES, type CalculatorBusinessType } from '@agency/contracts';

const LABELS: Record<CalculatorBusinessType, { title: string; hint: string }> = {
  b2b: { title: 'B2B services', hint: 'You sell to other businesses' },
  b2c: { title: 'B2C brand', hint: 'You sell to the public' },
  local: { title: 'Local business', hint: 'Customers near you: tradies, cafes, clinics' },
  ecommerce: { title: 'Online store', hint: 'You sell products online' },
  service: { title: 'Service provider', hint: 'Consultants, professionals, studios' },
  'not-specified': { title: 'Not sure yet', hint: "We'll help you decide" },
};

export function BusinessTypePicker({
  value,
  onChange,
}: {
  value: CalculatorBusinessType | '';
  onChange: (t: CalculatorBusinessType) => void;
}) {
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-bold">What kind of business are you?</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {CALCULATOR_BUSINESS_TYPES.map((type) => (
          <label
            key={type}
            className={`block cursor-pointer rounded-xl border-2 p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${value === type ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
          >
            <input
              type="radio"
              name="businessType"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="sr-only"
            />
            <span className="font-semibold">{LABELS[type].title}</span>
            <span className="block text-sm text-slate-600">{LABELS[type].hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
