/**
 * The quoting remote's pages, by the module name their records give them (contracts/src/pages/, decision 0112).
 * The build exposes each one to the shell and renders the public ones on the server from this map alone
 * (`@agency/contracts/build` page-modules.ts). Re-exports only: anything else here would put every page in every
 * page's chunk. A new page is its record in contracts and one line here.
 */
export { CustomQuotePage as 'custom-quote-page' } from './features/custom-quote/custom-quote-page';
export { LeadEngineOfferPage as 'lead-engine-offer-page' } from './features/lead-engine-offer/lead-engine-offer-page';
export { OptInPage as 'opt-in-page' } from './features/real-talk/opt-in-page';
export { ThankYouPage as 'opt-in-thank-you-page' } from './features/real-talk/thank-you-page';
export { PriceCalculatorPage as 'price-calculator-page' } from './features/price-calculator/price-calculator-page';
export { SocialMediaLandingPage as 'social-media-landing-page' } from './features/social-media/social-media-landing-page';
export { WebsiteCalculatorPage as 'website-calculator-page' } from './features/website-calculator/website-calculator-page';
