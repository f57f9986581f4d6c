import { MessageSchema } from '../schemas/common';
import { PrivacyConfirmSchema, PrivacyCopyTokenSchema, PrivacyRequestInputSchema } from '../schemas/lead-work';
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

/**
 * A person's copy of their data, through the link e-mailed to them (decision 0081): the readable zip, made when it
 * is downloaded, while the link works (a week, ten downloads). Personal data: the link is the portal's (decision 0077).
 */
export const privacyCopy = {
  method: 'GET',
  path: '/api/privacy-copies/:token',
  access: 'anyone',
  personal: true,
  params: PrivacyCopyTokenSchema,
  answer: { file: 'application/zip' },
} as const satisfies Endpoint;
