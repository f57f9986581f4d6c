import { serverErrorText, useHost, type ToastInput } from '@agency/contracts/client';
import { useStepUp } from './step-up';

/**
 * A dashboard action with its outcome told in a toast: `success` once the call is done, else a destructive toast
 * titled `failure.title` with the server's words (or `failure.fallback`). The returned promise says whether it
 * worked, for what the caller does next; it never rejects. A sensitive action refused for want of a fresh second
 * factor asks for one (lib/step-up.tsx) and is tried again.
 */
export function useToastedCall() {
  const { toast } = useHost();
  const stepUp = useStepUp();
  return async (call: () => Promise<unknown>, success: ToastInput, failure: { title: string; fallback: string }) => {
    try {
      await stepUp(call);
    } catch (error) {
      toast({ variant: 'destructive', title: failure.title, description: serverErrorText(error, failure.fallback) });
      return false;
    }
    toast(success);
    return true;
  };
}
