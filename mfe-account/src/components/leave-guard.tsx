import { useEffect } from 'react';
import { useBlocker } from '@agency/contracts/router';
import { Dialog, dialogButton } from './dialog';

/**
 * Asks before leaving a form with unsaved changes: a link or the address within the site (the router's blocker)
 * opens a dialog; closing the tab, reloading or going to another site gets the browser's own question
 * (`beforeunload`). The changes are kept as a draft either way (decision 0063); this says they are not saved.
 */
export function LeaveGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only with a return value set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} title="Leave without saving?" onClose={() => blocker.reset?.()}>
      <p className="text-slate-700">
        You have changes to {what} that are not saved. They are kept as a draft and come back when you open it again,
        but the site does not show them until you save.
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className={dialogButton.secondary} onClick={() => blocker.reset?.()} autoFocus>
          Stay on this page
        </button>
        <button type="button" className={dialogButton.primary} onClick={() => blocker.proceed?.()}>
          Leave without saving
        </button>
      </div>
    </Dialog>
  );
}
