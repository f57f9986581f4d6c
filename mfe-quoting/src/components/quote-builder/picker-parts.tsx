import { formatNzdWhole, type QuoteOptions } from '@agency/contracts';
import { SelectField } from '@agency/contracts/ui';

/* What the calculators' pickers are made of: their card and section looks, priced choices, and how one changes the options. */

export type Update = (patch: Partial<QuoteOptions>) => void;
export type Toggle = (key: 'selectedAddOns' | 'selectedMetaAdsAddOns', name: string) => void;

export const card = (active: boolean) =>
  `block cursor-pointer rounded-xl border-2 p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${active ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-slate-300'}`;
export const section = 'defer-render rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
export const NONE = ['none', 'None'] as const;
export const perMonth = (price: number) => `${formatNzdWhole(price)}/month`;
type Choice = readonly [value: string | number, text: string];

/** 'None', then each row of a monthly price table, named by `name` and priced. */
export const monthlyChoices = (table: Readonly<Record<string, number>>, name: (key: string) => string): Choice[] => [
  NONE,
  ...Object.entries(table).map(([key, price]) => [key, `${name(key)}: ${perMonth(price)}`] as const),
];

/** A checkbox named with its price (an option that adds to the quote). */
export function PricedCheckbox({
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
export function ChoiceSelect({
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
