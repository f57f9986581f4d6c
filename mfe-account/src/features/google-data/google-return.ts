import { useEffect, useRef } from 'react';
import { serverErrorText, useHost } from '@agency/contracts/client';

/**
 * Google's return to the dashboard (decision 0093): `?code=&state=&scope=` after "Allow", `?error=&state=` after a
 * refusal. Null when the address is not one.
 */
export function googleReturnIn(search: URLSearchParams) {
  const state = search.get('state');
  const code = search.get('code') ?? undefined;
  const error = search.get('error') ?? undefined;
  return state && (code || error) ? { state, code, error } : null;
}

/**
 * Finishes a return from Google once: the address drops the code at once (`leave`, a replace: a reload or Back never
 * sends it again), the gateway checks the state and exchanges the code, a toast says how it went, and `open` shows
 * the client it was for. The call's code comes in a chunk of its own, fetched only on a return.
 */
export function useGoogleReturn(
  search: URLSearchParams,
  { enabled, leave, open }: { enabled: boolean; leave: () => void; open: (clientId: number) => void },
) {
  const { toast } = useHost();
  const handled = useRef(false);
  const back = enabled ? googleReturnIn(search) : null;
  useEffect(() => {
    if (!back || handled.current) return;
    handled.current = true;
    leave();
    void import('./api/finish-google-connect')
      .then((m) => m.finishGoogleConnect(back))
      .then(
        (done) => {
          toast(
            done.connected
              ? { title: 'Google connected', description: done.message }
              : { variant: 'destructive', title: 'Google not connected', description: done.message },
          );
          open(done.clientId);
        },
        (error: unknown) =>
          toast({
            variant: 'destructive',
            title: 'Google not connected',
            description: serverErrorText(error, 'Please try connecting again'),
          }),
      );
    // Once per page: what the address held when the dashboard opened.
  }, [back?.state]);
}
