import { MessageSchema } from '../schemas/common';
import { PrivacyConfirmSchema, PrivacyRequestInputSchema } from '../schemas/lead-work';
import type { Endpoint } from './endpoint';

// The public privacy request page (decision 0066): ask, then confirm through the link e-mailed to the address.

export const requestPrivacy = {
  method: 'POST',
  path: '/api/privacy-requests',
  access: 'anyone',
  body: PrivacyRequestInputSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const confirmPrivacy = {
  method: 'POST',
  path: '/api/privacy-requests/confirm',
  access: 'anyone',
  body: PrivacyConfirmSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;
