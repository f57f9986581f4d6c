import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Draft, DraftKind } from '@agency/contracts';
import { isHttpError, serverErrorText } from '@agency/contracts/client';
import { deleteDraft, DRAFTS_KEY, saveDraft } from '../features/dashboard/api/drafts';

/** How long typing pauses before the draft is saved: a save per pause, not per key. */
export const DRAFT_DEBOUNCE_MS = 800;

export type DraftStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date }
  | { state: 'offline' }
  | { state: 'failed'; message: string };

/** A call that never reached the server: the browser is offline or the network dropped it. */
export const isOffline = (error: unknown) => !isHttpError(error) || !navigator.onLine;

const shownTime = (at: Date) =>
  new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', hour: 'numeric', minute: '2-digit' }).format(at);

/** The draft status as a sentence, for the line under the form (a polite live region). */
export function draftStatusText(status: DraftStatus): string {
  switch (status.state) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving your draft...';
    case 'saved':
      return `Draft saved at ${shownTime(status.at)}. It comes back if you leave and open this form again.`;
    case 'offline':
      return 'You are offline. Your changes stay on this page and are saved as a draft as soon as the connection is back.';
    case 'failed':
      return `Your draft could not be saved: ${status.message}`;
  }
}

export const restoredText = (draft: Draft) =>
  `Restored your unsaved changes from ${new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(draft.updatedAt))}.`;

/**
 * A form's draft on the server (decision 0063): `restored` (the draft it opens with) is put in the form as unsaved
 * changes; every pause in typing saves the values, or discards the draft once they are back to `baseline` (the saved
 * item); leaving (a tab switch unmounts the form) saves at once what was waiting. Offline, it waits for the
 * connection and saves then.
 */
export function useDraft<V extends FieldValues, T>(
  form: UseFormReturn<V, unknown, T>,
  kind: DraftKind,
  itemId: number,
  baseline: V,
  restored: Draft | undefined,
) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The draft save on its way, if any: a discard or a save of the item waits for it, so it cannot land after them.
  const inflight = useRef<Promise<void>>(Promise.resolve());
  const stored = useRef(restored !== undefined);
  const base = useRef(JSON.stringify(baseline));
  const key = useRef({ kind, itemId });
  key.current = { kind, itemId };

  const write = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const values = form.getValues() as Record<string, unknown>;
    const changed = JSON.stringify(values) !== base.current;
    if (!changed && !stored.current) return;
    setStatus({ state: 'saving' });
    try {
      if (changed) {
        await saveDraft(key.current.kind, key.current.itemId, values);
        stored.current = true;
        setStatus({ state: 'saved', at: new Date() });
      } else {
        await deleteDraft(key.current.kind, key.current.itemId);
        stored.current = false;
        setStatus({ state: 'idle' });
      }
    } catch (error) {
      setStatus(isOffline(error) ? { state: 'offline' } : { state: 'failed', message: serverErrorText(error, '') });
    } finally {
      // The next time an editor opens, it reads the drafts as they are now.
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
    }
  }, [form, queryClient]);
  const send = useCallback(() => (inflight.current = inflight.current.then(write)), [write]);

  // The restored draft goes in as changes to the saved item, so the form counts as changed (and asks before leaving).
  useEffect(() => {
    if (restored) form.reset(restored.values as V, { keepDefaultValues: true });
    // Once, when the form opens with it.
  }, []);

  useEffect(() => {
    const subscription = form.watch(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), DRAFT_DEBOUNCE_MS);
    });
    const online = () => {
      if (status.state === 'offline') void send();
    };
    window.addEventListener('online', online);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('online', online);
    };
  }, [form, send, status.state]);

  // Leaving the form (another dashboard tab, another item) saves what was still waiting.
  useEffect(
    () => () => {
      if (timer.current !== undefined) void send();
    },
    [send],
  );

  return {
    status,
    /** After a save of the item: the draft has done its job. `next` is the item as now saved. */
    saved: async (next: V) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      await inflight.current;
      base.current = JSON.stringify(next);
      setStatus({ state: 'idle' });
      if (!stored.current) return;
      stored.current = false;
      await deleteDraft(key.current.kind, key.current.itemId).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
    },
    /** Back to the saved item, draft gone. */
    discard: async () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      await inflight.current;
      form.reset(JSON.parse(base.current) as V);
      setStatus({ state: 'idle' });
      stored.current = false;
      await deleteDraft(key.current.kind, key.current.itemId).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
    },
  };
}
