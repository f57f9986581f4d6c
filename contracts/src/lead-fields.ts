import { SERVICE_CATEGORY_LABELS } from './constants';
import type { QuoteBreakdown } from './pricing/calculate';
import type { LeadType } from './schemas/queries';

/**
 * How a stored lead field reads: text as it is, money in NZD, a time in New Zealand time, a list of services, yes or
 * no, the staff member it is assigned to, or a quote's price breakdown (one line per figure).
 */
export type LeadFieldKind = 'text' | 'choice' | 'money' | 'time' | 'services' | 'yesno' | 'staff' | 'pricing';

/** A stored choice (a status, a contact method) as staff read it: "Contacted", not the key "contacted". */
export const LEAD_CHOICE_LABELS: Readonly<Record<string, string>> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  pending: 'Pending',
  reviewed: 'Reviewed',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  email: 'E-mail',
  phone: 'Phone',
};

/** A stored choice's label; a value without one (an older row's) as it is. */
export const leadChoiceLabel = (value: string): string =>
  Object.hasOwn(LEAD_CHOICE_LABELS, value) ? LEAD_CHOICE_LABELS[value]! : value;

/**
 * What staff read for each stored field of a lead, in the order they read it: the lead detail screen and the CSV
 * export both label fields from this one list (a field not listed is shown in neither). A kind of lead has the
 * fields its table has.
 */
export const LEAD_FIELDS: readonly (readonly [key: string, label: string, kind: LeadFieldKind])[] = [
  ['source', 'Calculator', 'text'],
  ['businessName', 'Business', 'text'],
  ['contactName', 'Contact', 'text'],
  ['firstName', 'First name', 'text'],
  ['contactEmail', 'Email', 'text'],
  ['email', 'Email', 'text'],
  ['contactPhone', 'Phone', 'text'],
  ['phone', 'Phone', 'text'],
  ['preferredContactMethod', 'Preferred contact', 'choice'],
  ['industry', 'Industry', 'text'],
  ['businessType', 'Business type', 'text'],
  ['servicesInterested', 'Services', 'services'],
  ['services', 'Selected', 'services'],
  ['serviceRequested', 'Service requested', 'text'],
  ['service', 'Service', 'text'],
  ['currentChallenge', 'Current challenge', 'text'],
  ['goals', 'Goals', 'text'],
  ['timeline', 'Timeline', 'text'],
  ['comments', 'Comments', 'text'],
  ['additionalNotes', 'Notes', 'text'],
  ['howDidYouHear', 'Heard about us', 'text'],
  ['leadMagnet', 'Signed up for', 'text'],
  ['totalSetupCost', 'One-time before GST', 'money'],
  ['totalMonthlyCost', 'Monthly before GST', 'money'],
  ['discountApplied', 'Discount', 'text'],
  ['finalSetupCost', 'One-time after discount, incl. GST', 'money'],
  ['finalMonthlyCost', 'Monthly after discount, incl. GST', 'money'],
  ['pricingDetails', 'Price breakdown', 'pricing'],
  ['pricingAgreed', 'Browser showed the same price', 'yesno'],
  ['status', 'Status', 'choice'],
  ['assignedTo', 'Assigned to', 'staff'],
  ['createdAt', 'Came in', 'time'],
  ['followUpBy', 'Follow up by', 'time'],
  ['followedUpAt', 'Followed up', 'time'],
  ['audioSentAt', 'Audio e-mailed', 'time'],
  ['updatedAt', 'Last changed', 'time'],
];

/**
 * The figures of a quote's price breakdown (its `pricingDetails`) that the money fields above do not already
 * say, each as staff read it: an amount in NZD, or the discount's percentage.
 */
export const QUOTE_PRICING_FIELDS: readonly (readonly [
  key: keyof QuoteBreakdown,
  label: string,
  kind: 'money' | 'percent',
])[] = [
  ['websitePrice', 'Website package', 'money'],
  ['addOnsPrice', 'Website add-ons', 'money'],
  ['chatbotSetup', 'AI chatbot setup', 'money'],
  ['socialMediaPageOptimization', 'Social page optimisation', 'money'],
  ['gstOneTime', 'GST on one-time', 'money'],
  ['totalWithGst', 'One-time incl. GST', 'money'],
  ['chatbotMonthly', 'AI chatbot support per month', 'money'],
  ['socialMediaMonthly', 'Social media per month', 'money'],
  ['seoMonthly', 'SEO per month', 'money'],
  ['metaAdsMonthly', 'Meta Ads per month', 'money'],
  ['gstMonthly', 'GST on monthly', 'money'],
  ['monthlyTotalWithGst', 'Monthly incl. GST', 'money'],
  ['discountPercentage', 'Discount (%)', 'percent'],
  ['discountAmount', 'Discount on one-time', 'money'],
];

/** Each kind of lead as staff name it, e.g. in the "All leads" view and the export's Kind column. */
export const LEAD_KIND_LABELS: Record<LeadType, string> = {
  enquiry: 'Enquiry',
  quote: 'Quote',
  consultation: 'Consultation',
  optin: 'Audio sign-up',
};

/** The kinds in the plural, as the leads inbox names its views ("Enquiries", "Audio sign-ups"). */
export const LEAD_KIND_PLURAL_LABELS: Record<LeadType, string> = {
  enquiry: 'Enquiries',
  quote: 'Quotes',
  consultation: 'Consultations',
  optin: 'Audio sign-ups',
};

/** A stored service: a category's name (an enquiry's choices) or the line itself (a quote's selection). */
export const serviceLabel = (service: unknown): string =>
  typeof service === 'string'
    ? Object.hasOwn(SERVICE_CATEGORY_LABELS, service)
      ? SERVICE_CATEGORY_LABELS[service as keyof typeof SERVICE_CATEGORY_LABELS]
      : service
    : typeof service === 'number'
      ? String(service)
      : // A line stored by an older version as an object: its name.
        service && typeof service === 'object' && typeof (service as { name?: unknown }).name === 'string'
        ? (service as { name: string }).name
        : '';
