import { FOLLOW_UP_PROMISE } from '@agency/contracts';
import {
  calculateQuote,
  describeSelection,
  endpoints,
  pricingAgrees,
  savedQuoteOptions,
  socialQuoteOptions,
  type CustomQuote,
  type QuoteBreakdown,
  type QuoteKind,
  type SocialQuote,
  type QuoteOptions,
} from '@agency/contracts';
import { compiledInsert, quotes } from '../../platform/db';
import { confirm } from '../../platform/mail/confirmations';
import { notify } from '../../platform/mail/templates';
import { confirmationGate, leadLimit, type CaptureDeps } from '../leads';
import { discountCodeLookup } from './discount-codes';
import { endpointRoutes } from '../../platform/http/routes';

interface QuoteRecord {
  source: QuoteKind;
  contactName: string;
  contactEmail: string;
  contactPhone?: string | null;
  businessName?: string | null;
  businessType?: string | null;
  additionalNotes?: string | null;
  options: QuoteOptions;
  browserPricing: Record<string, unknown> | undefined;
  discount?: { code: string; percentage: number } | null;
  /** Whether the sender gets their copy of the quote (confirmationGate). */
  copy: boolean;
}

/**
 * The server is the authority on money: every quote is priced again from its options with the shared engine.
 * Stored totals exclude GST; the `final*` columns are GST-inclusive after any discount, as the customer saw.
 */
export function quotesApi({ env, db, captureLead, limiter }: CaptureDeps) {
  const insertQuote = compiledInsert(db, quotes, { id: quotes.id });
  const leads = leadLimit({ env, limiter });
  const mayConfirm = confirmationGate({ env, limiter });
  async function store(r: QuoteRecord): Promise<{ id: number; pricing: QuoteBreakdown; agreed: boolean }> {
    const pricing = calculateQuote(r.options, r.discount?.percentage ?? 0);
    const agreed = pricingAgrees(r.browserPricing, pricing);
    const items = describeSelection(r.options);
    const row = await captureLead(
      'quote',
      (clock) =>
        insertQuote({
          ...clock,
          source: r.source,
          businessName: r.businessName ?? null,
          businessType: r.businessType ?? null,
          contactName: r.contactName,
          contactEmail: r.contactEmail,
          contactPhone: r.contactPhone ?? null,
          services: items,
          additionalNotes: r.additionalNotes ?? null,
          pricingDetails: pricing,
          totalSetupCost: pricing.totalOneTime,
          totalMonthlyCost: pricing.totalMonthly,
          discountApplied: r.discount ? `${r.discount.code} (${r.discount.percentage}%)` : null,
          finalSetupCost: pricing.finalTotal,
          finalMonthlyCost: pricing.finalMonthly,
          options: r.options,
          browserPricing: r.browserPricing ?? null,
          pricingAgreed: agreed,
        }),
      ({ id }) => [
        notify.quote(env.mail.notifyTo, {
          id,
          kind: r.source,
          name: r.contactName,
          email: r.contactEmail,
          phone: r.contactPhone,
          business: r.businessName,
          items,
          pricing,
          agreed,
          discount: r.discount?.code,
          notes: r.additionalNotes,
        }),
        ...(r.copy
          ? [
              confirm.quote(
                { email: r.contactEmail, kind: r.source, items, pricing, discounted: Boolean(r.discount) },
                env.publicConfig,
              ),
            ]
          : []),
      ],
      r.businessName ?? r.contactName,
    );
    return { id: row.id, pricing, agreed };
  }

  const discountFor = discountCodeLookup(env);

  async function submitSocial(q: SocialQuote, copy: boolean) {
    const calc = q.quoteDetails.calculation;
    return store({
      copy,
      source: 'social',
      contactName: [q.firstName, q.lastName].filter(Boolean).join(' '),
      contactEmail: q.email,
      contactPhone: q.phone,
      businessName: q.businessName,
      businessType: q.quoteDetails.businessType,
      additionalNotes: q.additionalRequirements,
      options: socialQuoteOptions(q.quoteDetails.services),
      browserPricing: {
        totalOneTime: calc.total,
        totalMonthly: calc.monthlyTotal,
        totalWithGst: calc.totalWithGst,
        monthlyTotalWithGst: calc.monthlyTotalWithGst,
        finalTotal: calc.finalTotal,
        finalMonthly: calc.finalMonthly,
      },
    });
  }

  async function submitCustom(q: CustomQuote, copy: boolean) {
    // An unknown or retired code is not an error: the quote is kept, priced without it, and marked as disagreeing.
    const discount = discountFor(q.quoteDetails.appliedDiscount?.code);
    return store({
      copy,
      source: 'custom',
      contactName: `${q.firstName} ${q.lastName}`,
      contactEmail: q.email,
      contactPhone: q.phone,
      businessName: q.businessName,
      businessType: q.quoteDetails.businessType || null,
      additionalNotes: q.additionalRequirements,
      options: savedQuoteOptions(q.quoteDetails),
      browserPricing: q.quoteDetails.calculation,
      discount,
    });
  }

  const limited = { afterInput: [leads] };
  return endpointRoutes()
    .on(endpoints.websiteQuote, limited, async (c) => {
      const {
        name,
        email,
        phone,
        websitePackageName: _label,
        pricing: browserPricing,
        ...options
      } = c.req.valid('json');
      const copy = await mayConfirm(c, email);
      const result = await store({
        copy,
        source: 'website',
        contactName: name ?? '',
        contactEmail: email,
        contactPhone: phone,
        options,
        browserPricing,
      });
      return c.json({
        success: true,
        id: result.id,
        message: copy
          ? `We've e-mailed this quote to ${email}. We'll follow up ${FOLLOW_UP_PROMISE}, to discuss your project.`
          : `Your quote is shown below. We've sent this address several quotes today, so this one was not e-mailed; we'll still follow up ${FOLLOW_UP_PROMISE}.`,
        pricing: result.pricing,
      });
    })

    .on(endpoints.submitQuote, limited, async (c) => {
      const quote = c.req.valid('json');
      const copy = await mayConfirm(c, quote.email);
      const result = quote.kind === 'social' ? await submitSocial(quote, copy) : await submitCustom(quote, copy);
      return c.json({ success: true, id: result.id, message: 'Quote request received', pricing: result.pricing }, 201);
    }).app;
}
