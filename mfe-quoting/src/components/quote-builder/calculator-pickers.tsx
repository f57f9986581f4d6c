import type { QuoteOptions, SocialPlatform } from '@agency/contracts';
import { MetaAdsPicker, SeoPicker, SocialPicker } from './marketing-pickers';
import { AddOnPicker, ChatbotPicker, PackagePicker } from './website-pickers';
import type { useQuoteOptions } from './use-quote-options';

type Choosing = Pick<ReturnType<typeof useQuoteOptions>, 'update' | 'toggle'>;

/** Every choice a calculator offers, in the one order both calculators show them. */
export function CalculatorPickers({
  options,
  update,
  toggle,
  allowNoWebsite = false,
  platformOrder,
}: Choosing & {
  options: QuoteOptions;
  /** Offer "No website" (the price calculator: a business may come for the other services only). */
  allowNoWebsite?: boolean;
  /** Social platforms in the order recommended for the visitor's business, once they have said what it is. */
  platformOrder?: readonly SocialPlatform[];
}) {
  return (
    <>
      <PackagePicker value={options.websitePackage} update={update} allowNone={allowNoWebsite} />
      <AddOnPicker options={options} toggle={toggle} />
      <ChatbotPicker options={options} update={update} />
      <SocialPicker options={options} update={update} platformOrder={platformOrder} />
      <SeoPicker options={options} update={update} />
      <MetaAdsPicker options={options} update={update} toggle={toggle} />
    </>
  );
}
