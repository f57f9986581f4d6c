import { MessageSchema } from '../schemas/common';
import {
  GoogleAuthorizeSchema,
  GoogleCallbackResultSchema,
  GoogleCallbackSchema,
  GoogleConnectionSchema,
  GoogleSourcesInputSchema,
  GoogleSourcesSchema,
  GoogleStateSchema,
} from '../schemas/google-data';
import { ClientIdParamSchema } from '../schemas/queries';
import type { Endpoint } from './endpoint';

// Staff connect a client's Google Analytics 4 property and Search Console site (decision 0093).

export const googleState = {
  method: 'GET',
  path: '/api/admin/clients/:clientId/google',
  access: 'staff',
  params: ClientIdParamSchema,
  answer: GoogleStateSchema,
} as const satisfies Endpoint;

export const googleConnect = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/google/connect',
  access: 'staff',
  params: ClientIdParamSchema,
  answer: GoogleAuthorizeSchema,
} as const satisfies Endpoint;

export const googleCallback = {
  method: 'POST',
  path: '/api/admin/google/callback',
  access: 'staff',
  body: GoogleCallbackSchema,
  answer: GoogleCallbackResultSchema,
} as const satisfies Endpoint;

export const googleSources = {
  method: 'GET',
  path: '/api/admin/clients/:clientId/google/sources',
  access: 'staff',
  params: ClientIdParamSchema,
  answer: GoogleSourcesSchema,
} as const satisfies Endpoint;

export const saveGoogleSources = {
  method: 'PUT',
  path: '/api/admin/clients/:clientId/google/sources',
  access: 'staff',
  params: ClientIdParamSchema,
  body: GoogleSourcesInputSchema,
  answer: GoogleConnectionSchema,
} as const satisfies Endpoint;

export const googleDisconnect = {
  method: 'DELETE',
  path: '/api/admin/clients/:clientId/google',
  access: 'staff',
  params: ClientIdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;
