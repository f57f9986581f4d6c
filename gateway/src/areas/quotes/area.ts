import { Hono } from 'hono';
import type { AuthEnv } from '../../platform/http/guards/session';
import type { CaptureDeps } from '../leads';
import { discountCodesApi } from './discount-codes';
import { quotesApi } from './quotes';

/** The quotes area's part of the API: saved and submitted quotes, and the discount codes they may carry. */
export function quotesArea(capture: CaptureDeps) {
  return new Hono<AuthEnv>().route('/', quotesApi(capture)).route('/', discountCodesApi(capture));
}
