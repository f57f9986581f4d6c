/** Shared business constants (spec site-and-accounts §3, §5, §9; leads-and-quoting §3, §9). */

export const GST_RATE_PERCENT = 15;
/** localStorage key of the price calculator's saved quote. */
export const QUOTE_STORAGE_KEY = 'quoteData';
export const LEAD_MAGNET = 'real-talk-audio';
export const REDIRECT_AFTER_CUSTOM_QUOTE_MS = 2000;

export const ROLES = ['client', 'admin', 'master_admin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['admin', 'master_admin'] as const satisfies readonly Role[];
/** Each role as staff read it: the users panel's choices and messages, the audit trail's changed roles. */
export const ROLE_LABELS: Record<Role, string> = { client: 'Client', admin: 'Admin', master_admin: 'Master admin' };

/**
 * A cookie the gateway sets beside the session cookie and clears with it. It holds no secret (its value is `1`)
 * and is readable by scripts, so the browser can skip asking `/api/auth/user` when nobody is signed in: that
 * read answers 401, which browsers log as a console error on every page. The session cookie stays HttpOnly and
 * alone decides who is signed in.
 */
export const SIGNED_IN_COOKIE = 'signed-in';
/**
 * The hint's value once the session it stood for ended without a sign-out in this browser (signed out elsewhere,
 * expired, revoked): nobody is signed in, but a protected page opened now, or reloaded, goes to sign-in and back
 * rather than home (decision 0102). It lasts a day; a sign-in or a sign-out replaces it.
 */
export const SESSION_ENDED_HINT = 'ended';
export const SESSION_ENDED_HINT_SECONDS = 24 * 60 * 60;
/**
 * Its sibling while a sign-in is half done (the password checked, the second step owed, decision 0083): readable by
 * scripts and holding no secret, it tells the sign-in page to ask what is still owed, so a reload carries on with the
 * sign-in instead of starting it again; without it the page asks nothing.
 */
export const SIGNING_IN_COOKIE = 'signing-in';

export const ENQUIRY_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const QUOTE_STATUSES = ['pending', 'reviewed', 'sent', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** Where a quote came from: the website calculator, the social calculator, or /custom-quote. */
export const QUOTE_KINDS = ['website', 'social', 'custom'] as const;
export type QuoteKind = (typeof QUOTE_KINDS)[number];
export const CONTACT_METHODS = ['email', 'phone'] as const;
/** What a lead's timeline records; staff write the first three, the gateway the rest. */
/** `unsubscribed`: the person left the marketing e-mail (decision 0082), written by the gateway, never by staff. */
export const LEAD_EVENT_KINDS = ['note', 'call', 'email', 'status', 'assigned', 'unsubscribed'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];
/** Logged contacts: either one follows a lead up. */
export const LEAD_CONTACT_KINDS = ['call', 'email'] as const;
/** A person's privacy request: a copy (IPP 6), a correction (IPP 7) or deletion of what is held about an address. */
export const PRIVACY_REQUEST_KINDS = ['access', 'correction', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
/**
 * How long the e-mailed link to a person's copy of their data works, and how often it may be used (decision 0081):
 * long enough for someone who reads their mail weekly, short enough that a forwarded or forgotten e-mail does not
 * hand the copy out for good.
 */
export const PRIVACY_COPY_LINK = { days: 7, downloads: 10 } as const;
export const PRIVACY_REQUEST_STATUSES = ['unconfirmed', 'open', 'done'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
export const CONVERSION_EVENT_TYPES = ['lead', 'registration'] as const;

export const SERVICE_CATEGORIES = [
  'website_design',
  'seo',
  'social_media',
  'paid_advertising',
  'email_marketing',
  'chatbots',
  'content_marketing',
  'branding',
  'analytics',
  'consultation',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_CATEGORY_LABELS: Record<ServiceCategory, string> = {
  website_design: 'Website Design',
  seo: 'SEO Optimization',
  social_media: 'Social Media Management',
  paid_advertising: 'Paid Advertising (Google/Facebook)',
  email_marketing: 'Email Marketing',
  chatbots: 'Chatbot Development',
  content_marketing: 'Content Marketing',
  branding: 'Branding & Logo Design',
  analytics: 'Analytics & Reporting',
  consultation: 'Strategy Consultation',
};

/** Consultation form (leads-and-quoting §3). */
export const CONSULTATION_BUSINESS_TYPES = [
  'professional-services',
  'tradies',
  'b2b-services',
  'b2c-services',
  'retail',
  'hospitality',
  'other',
] as const;
export const CONSULTATION_TIMELINES = ['asap', '1-month', '2-3-months', 'planning'] as const;

/** Price calculator business types, each with the social platforms we recommend in order. */
export const CALCULATOR_BUSINESS_TYPES = ['b2b', 'b2c', 'local', 'ecommerce', 'service', 'not-specified'] as const;
export type CalculatorBusinessType = (typeof CALCULATOR_BUSINESS_TYPES)[number];
export const SOCIAL_PLATFORMS = ['Facebook', 'Instagram', 'LinkedIn', 'TikTok', 'YouTube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const RECOMMENDED_PLATFORMS: Record<CalculatorBusinessType, readonly SocialPlatform[]> = {
  b2b: ['LinkedIn', 'Facebook', 'YouTube', 'Instagram', 'TikTok'],
  b2c: ['Instagram', 'Facebook', 'TikTok', 'YouTube', 'LinkedIn'],
  local: ['Facebook', 'Instagram', 'YouTube', 'TikTok', 'LinkedIn'],
  ecommerce: ['Instagram', 'TikTok', 'Facebook', 'YouTube', 'LinkedIn'],
  service: ['Facebook', 'Instagram', 'LinkedIn', 'YouTube', 'TikTok'],
  'not-specified': ['Facebook', 'Instagram', 'LinkedIn', 'TikTok', 'YouTube'],
};

/** site-and-accounts §5: the special characters a password may use to meet the special-character rule. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?';
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: 'One special character (!@#$%^&* etc.)',
    test: (p) => [...p].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch)),
  },
];
