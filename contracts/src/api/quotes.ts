import { QuoteSubmissionSchema, WebsiteQuoteRequestSchema, WebsiteQuoteResponseSchema } from '../schemas/quotes';
import type { Endpoint } from './endpoint';

// Quotes from the calculators, priced again by the server.

export const websiteQuote = {
  method: 'POST',
  path: '/api/website-quote',
  access: 'anyone',
  body: WebsiteQuoteRequestSchema,
  answer: WebsiteQuoteResponseSchema,
} as const satisfies Endpoint;

export const submitQuote = {
  method: 'POST',
  path: '/api/submit-quote',
  access: 'anyone',
  body: QuoteSubmissionSchema,
  answer: WebsiteQuoteResponseSchema,
  status: [201],
} as const satisfies Endpoint;
