import { ConsentRecordSchema, TrackingSummarySchema } from '../schemas/tracking';
import type { Endpoint } from './endpoint';

// A visitor's consent choice, counted without personal data, and the staff's view of server-side conversion
// delivery (decision 0095).

export const recordConsent = {
  method: 'POST',
  path: '/api/consent',
  access: 'anyone',
  body: ConsentRecordSchema,
  answer: 'no-content',
} as const satisfies Endpoint;

export const trackingSummary = {
  method: 'GET',
  path: '/api/admin/tracking',
  access: 'staff',
  answer: TrackingSummarySchema,
} as const satisfies Endpoint;
