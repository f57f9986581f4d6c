import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './test-utils';
import {
  ConsultationRequestSchema,
  ContactInquirySchema,
  ConversionEventSchema,
  CustomQuoteSchema,
  DiscountCodeRequestSchema,
  OptInSchema,
  RegisterSchema,
  SavedQuoteSchema,
  SocialQuoteSchema,
  QuoteSubmissionSchema,
  UserSchema,
  WebsiteQuoteRequestSchema,
} from '.';

const enquiry = {
  businessName: 'Kiwi Plumbing',
  contactName: 'Aroha',
  contactEmail: 'Aroha@Example.co.nz',
  servicesInterested: ['seo'],
};

describe('contact inquiry', () => {
  it('accepts the minimum and fills defaults', () => {
    expect(ContactInquirySchema.parse(enquiry)).toMatchObject({
      contactEmail: 'aroha@example.co.nz',
      preferredContactMethod: 'email',
    });
  });
  it.each([
    [{ businessName: '   ' }, 'businessName', 'Business name is required'],
    [{ contactName: '' }, 'contactName', 'Contact name is required'],
    [{ contactEmail: '' }, 'contactEmail', 'Email is required'],
    [{ contactEmail: 'aroha@example' }, 'contactEmail', 'Please enter a valid email'],
    [{ servicesInterested: [] }, 'servicesInterested', 'Please select at least one service'],
    [{ servicesInterested: ['astrology'] }, 'servicesInterested.0', 'Unknown service'],
    [{ businessName: 'x'.repeat(201) }, 'businessName', 'Must be at most 200 characters'],
    [{ comments: 'x'.repeat(5001) }, 'comments', 'Must be at most 5000 characters'],
  ])('%o -> %s: %s', (patch, field, message) => {
    expect(fieldErrorsOf(ContactInquirySchema, { ...enquiry, ...patch })[field]).toBe(message);
  });
});

describe('consultation request', () => {
  const valid = {
    businessName: 'B',
    contactName: 'C',
    email: 'c@example.nz',
    phone: '021 123 4567',
    currentChallenge: 'No leads',
  };
  it('requires businessName, contactName, email, phone, currentChallenge', () => {
    expect(ConsultationRequestSchema.safeParse(valid).success).toBe(true);
    expect(Object.keys(fieldErrorsOf(ConsultationRequestSchema, {})).sort()).toEqual([
      'businessName',
      'contactName',
      'currentChallenge',
      'email',
      'phone',
    ]);
  });
  it('limits business type and timeline to the spec values', () => {
    expect(
      ConsultationRequestSchema.safeParse({ ...valid, businessType: 'tradies', timeline: '2-3-months' }).success,
    ).toBe(true);
    expect(fieldErrorsOf(ConsultationRequestSchema, { ...valid, timeline: 'someday' }).timeline).toBe(
      'Unknown timeline',
    );
  });
});

describe('opt-in', () => {
  it('needs a first name and a valid email', () => {
    expect(OptInSchema.parse({ firstName: 'Mere', email: 'mere@example.nz' }).leadMagnet).toBe('real-talk-audio');
    expect(fieldErrorsOf(OptInSchema, { firstName: '', email: 'x' })).toEqual({
      firstName: 'First name is required',
      email: 'Please enter a valid email address',
    });
  });
});

describe('website quote', () => {
  it('requires email and phone with the spec messages', () => {
    expect(fieldErrorsOf(WebsiteQuoteRequestSchema, { websitePackage: 'storefront' })).toMatchObject({
      email: 'Please enter your email address to receive the quote.',
      phone: 'Please enter your phone number so we can contact you about your quote.',
    });
  });
  it('checks the options with the pricing rules', () => {
    const errors = fieldErrorsOf(WebsiteQuoteRequestSchema, {
      email: 'a@b.nz',
      phone: '1',
      websitePackage: 'booking',
      selectedAddOns: ['Logo Design'],
    });
    expect(errors.selectedAddOns).toMatch(/not an add-on/);
  });
});

describe('social and custom quotes', () => {
  const social = {
    firstName: 'Sam',
    email: 's@example.nz',
    quoteDetails: {
      services: { staticPosts: '3', carouselPosts: 'none', videoPosts: 'none', platforms: 2, optimization: 0 },
    },
  };
  const saved = {
    websitePackage: 'storefront',
    calculation: {
      monthlyTotal: 0,
      oneTimeTotal: 1198,
      gstAmount: 179.7,
      totalWithGst: 1377.7,
      monthlyTotalWithGst: 0,
    },
  };
  const custom = {
    firstName: 'Sam',
    lastName: 'Lee',
    email: 's@example.nz',
    businessName: 'Sam Co',
    quoteDetails: saved,
  };

  it('gives the kind with the quote: social when quoteDetails holds services, else custom', () => {
    expect(QuoteSubmissionSchema.parse(social).kind).toBe('social');
    expect(QuoteSubmissionSchema.parse(custom).kind).toBe('custom');
    // A body cannot name its own kind: the shape decides.
    expect(QuoteSubmissionSchema.parse({ ...social, kind: 'custom' }).kind).toBe('social');
    const empty = QuoteSubmissionSchema.safeParse(null);
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => i.path.join('.'))).toContain('firstName');
  });
  it('social needs name and email', () => {
    expect(SocialQuoteSchema.safeParse(social).success).toBe(true);
    expect(fieldErrorsOf(SocialQuoteSchema, { ...social, firstName: '', email: '' })).toMatchObject({
      firstName: 'Please fill in your name and email address.',
      email: 'Please fill in your name and email address.',
    });
  });
  it('social needs at least one post type or page optimisation', () => {
    const nothing = { staticPosts: 'none', carouselPosts: 'none', videoPosts: 'none', platforms: 1, optimization: 0 };
    expect(fieldErrorsOf(SocialQuoteSchema, { ...social, quoteDetails: { services: nothing } })).toEqual({
      'quoteDetails.services': 'Choose at least one type of post or page optimisation',
    });
    for (const chosen of [{ videoPosts: '1' }, { carouselPosts: '2' }, { optimization: 1 }])
      expect(
        SocialQuoteSchema.safeParse({ ...social, quoteDetails: { services: { ...nothing, ...chosen } } }).success,
      ).toBe(true);
  });
  it('custom needs first and last name, email and business name', () => {
    expect(CustomQuoteSchema.safeParse(custom).success).toBe(true);
    expect(Object.keys(fieldErrorsOf(CustomQuoteSchema, { quoteDetails: saved })).sort()).toEqual([
      'businessName',
      'email',
      'firstName',
      'lastName',
    ]);
  });
  it('a saved quote with a value outside the tables is invalid', () => {
    expect(SavedQuoteSchema.safeParse({ ...saved, socialMediaPlatforms: 9 }).success).toBe(false);
  });
});

describe('accounts', () => {
  it('registration enforces the password rules and defaults the role to client', () => {
    expect(RegisterSchema.parse({ username: 'aroha', email: 'a@example.nz', password: 'Kia-ora-2026' }).role).toBe(
      'client',
    );
    const errors = RegisterSchema.safeParse({ username: 'aroha', email: 'a@example.nz', password: 'weak' });
    expect(errors.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/8 characters/),
        expect.stringMatching(/uppercase/),
        expect.stringMatching(/number/),
        expect.stringMatching(/special/),
      ]),
    );
  });
  it('the user record has no password field', () => {
    expect(
      UserSchema.parse({ id: 1, username: 'a', email: 'a@b.nz', role: 'client', password: 'hash' }),
    ).not.toHaveProperty('password');
  });
});

describe('conversion event and discount code', () => {
  it('validates the conversion event', () => {
    expect(ConversionEventSchema.safeParse({ eventType: 'lead', userData: { email: 'a@b.nz' } }).success).toBe(true);
    expect(
      fieldErrorsOf(ConversionEventSchema, { eventType: 'purchase', userData: { email: 'a@b.nz' } }).eventType,
    ).toMatch(/lead or registration/);
  });
  it('upper-cases a discount code', () => {
    expect(DiscountCodeRequestSchema.parse({ code: ' summer15 ' }).code).toBe('SUMMER15');
  });
});
