import { FetchNowSchema, FigureDaysQuerySchema, FigureDaysSchema } from '../schemas/google-figures';
import { ClientIdParamSchema } from '../schemas/queries';
import type { Endpoint } from './endpoint';

// Staff read a client's nightly Google figures and ask for a fetch now (decision 0093).

export const googleFigureDays = {
  method: 'GET',
  path: '/api/admin/clients/:clientId/google/days',
  access: 'staff',
  params: ClientIdParamSchema,
  query: FigureDaysQuerySchema,
  answer: FigureDaysSchema,
} as const satisfies Endpoint;

export const googleFetchNow = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/google/fetch',
  access: 'staff',
  params: ClientIdParamSchema,
  answer: FetchNowSchema,
} as const satisfies Endpoint;
