import type { Context } from 'hono';
import { LIMITS } from '../../platform/http/rate-limit';
import { addressCounter } from '../../platform/http/limit';
import type { CaptureDeps } from './capture-lead';

/**
 * Whether a form's sender may be sent their copy (decision 0064). The copy goes to whatever address the form
 * was given, so one client address could otherwise make this site mail strangers: it is counted per recipient
 * (a day's few, so nobody is flooded) and per client address (so one script cannot reach many recipients), both
 * in the database like every limit. Past either, the lead is still stored and the agency told; only the copy is
 * left out, and the answer says so.
 */
export function confirmationGate({ env, limiter }: Pick<CaptureDeps, 'env' | 'limiter'>) {
  return async (c: Context, email: string): Promise<boolean> => {
    // The address as an identity (decided 2026-11-24: case-insensitive), so case changes count as one recipient.
    const recipient = email.normalize('NFKC').trim().toLowerCase();
    const verdict = await limiter.hit(
      [`confirm:email:${recipient}`, LIMITS.confirmationsPerEmail],
      [addressCounter(c, 'confirm', env.trustedProxies), LIMITS.confirmationsPerIp],
    );
    return verdict.allowed;
  };
}

export type ConfirmationGate = ReturnType<typeof confirmationGate>;
