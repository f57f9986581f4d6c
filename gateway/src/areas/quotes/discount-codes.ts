import { endpoints } from '@agency/contracts';
import type { Env } from '../../platform/env';
import { addressLimit } from '../../platform/http/limit';
import { LIMITS } from '../../platform/http/rate-limit';
import type { CaptureDeps } from '../leads';
import { endpointRoutes } from '../../platform/http/routes';

/** A code as the agency configured it (DISCOUNT_CODES), in any case and spacing; null when there is none. */
export function discountCodeLookup(env: Pick<Env, 'discountCodes'>) {
  return (code: string | undefined) => {
    const upper = code?.trim().toUpperCase();
    const percentage = upper ? env.discountCodes.get(upper) : undefined;
    return upper && percentage ? { code: upper, percentage } : null;
  };
}

/**
 * The price calculator's discount field. Limited per address, since an open check is an oracle for guessing codes;
 * quotes price their codes again on the server (./quotes.ts), so this check only informs the visitor.
 */
export function discountCodesApi({ env, limiter }: Pick<CaptureDeps, 'env' | 'limiter'>) {
  const discountFor = discountCodeLookup(env);
  const checks = addressLimit(
    limiter,
    env.trustedProxies,
    'discount',
    LIMITS.discountChecksPerIp,
    (wait) => `Too many discount codes tried from your network. Please try again ${wait}.`,
  );
  return endpointRoutes().on(endpoints.checkDiscountCode, { afterInput: [checks] }, (c) => {
    const discount = discountFor(c.req.valid('json').code);
    if (!discount) {
      return c.json({ message: 'Invalid discount code', errors: { code: 'Please enter a valid discount code.' } }, 404);
    }
    return c.json(discount);
  }).app;
}
