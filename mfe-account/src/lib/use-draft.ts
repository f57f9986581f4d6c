import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { DraftConflictSchema, type Draft, type DraftKind } from '@agency/contracts';
import { isHttpError, serverErrorText } from '@agency/contracts/client';
import { afterDraftWrites, deleteDraft, draftVersion, DRAFTS_KEY, saveDraft, sawDraft } from './drafts';

/** How long typing pauses before the draft is saved: a save per pause, not per key. */
export const DRAFT_DEBOUNCE_MS = 800;

export type DraftStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date }
  | { state: 'offline' }
  | { state: 'failed'; message: string }
  /** A newer draft was saved elsewhere (decision 0101): nothing is saved over it until the person chooses. */
  | { state: 'conflict'; message: string; newer: Draft };

/** The newer draft a refused save names, if that is why it was refused. */
function newerDraft(error: unknown) {
  if (!isHttpError(error) || error.status !== 409) return undefined;
  try {
    const parsed = DraftConflictSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

type Drafts = { items: Draft[] };
/** The drafts as this page knows them, with one form's values as typed just now. */
const withValues = (old: Drafts | undefined, kind: DraftKind, itemId: number, values: Record<string, unknown>) => {
  if (!old) return old;
  const mine = (d: Draft) => d.kind === kind && d.itemId === itemId;
  const draft = { kind, itemId, values, updatedAt: new Date().toISOString(), version: draftVersion(kind, itemId) };
  return { items: [draft, ...old.items.filter((d) => !mine(d))] };
};

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
    case 'conflict':
      return status.message;
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
  const stored = useRef(restored !== undefined);
  const base = useRef(JSON.stringify(baseline));
  /**
   * The values the server's draft holds, as far as this tab knows. A form reset to a draft (restored on opening,
   * or the newer one loaded) fires the form's watch like typing does; writing those same values back would only
   * make the draft newer than the other tab's copy and refuse that tab's next save for nothing.
   */
  const sent = useRef(restored ? JSON.stringify(restored.values) : undefined);
  const key = useRef({ kind, itemId });
  key.current = { kind, itemId };

  const write = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const values = form.getValues() as Record<string, unknown>;
    const json = JSON.stringify(values);
    const changed = json !== base.current;
    if (!changed && !stored.current) return;
    if (changed && stored.current && json === sent.current) return;
    setStatus({ state: 'saving' });
    try {
      if (changed) {
        await saveDraft(key.current.kind, key.current.itemId, values);
        stored.current = true;
        sent.current = json;
        setStatus({ state: 'saved', at: new Date() });
      } else {
        await deleteDraft(key.current.kind, key.current.itemId);
        stored.current = false;
        sent.current = undefined;
        setStatus({ state: 'idle' });
      }
    } catch (error) {
      const conflict = newerDraft(error);
      if (conflict) setStatus({ state: 'conflict', message: conflict.message, newer: conflict.draft });
      else
        setStatus(isOffline(error) ? { state: 'offline' } : { state: 'failed', message: serverErrorText(error, '') });
    } finally {
      // The next time an editor opens, it reads the drafts as they are now.
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
    }
  }, [form, queryClient]);
  // What was typed is what this form shows when it opens again, even before the server has it: a tab switched
  // straight back must not restore the draft as it was one save ago. The writes go one after another (api/drafts).
  const send = useCallback(() => {
    const { kind: k, itemId: id } = key.current;
    const values = form.getValues() as Record<string, unknown>;
    if (JSON.stringify(values) !== base.current)
      queryClient.setQueryData<Drafts>(DRAFTS_KEY, (old) => withValues(old, k, id, values));
    return afterDraftWrites(write);
  }, [form, queryClient, write]);

  // The restored draft goes in as changes to the saved item, so the form counts as changed (and asks before leaving).
  useEffect(() => {
    if (restored) {
      sawDraft(restored);
      form.reset(restored.values as V, { keepDefaultValues: true });
    }
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
      await afterDraftWrites(() => Promise.resolve());
      base.current = JSON.stringify(next);
      setStatus({ state: 'idle' });
      if (!stored.current) return;
      stored.current = false;
      await deleteDraft(key.current.kind, key.current.itemId).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
    },
    /** After a refused save: the newer draft in the form, instead of what was typed here. */
    loadNewer: () => {
      if (status.state !== 'conflict') return;
      sawDraft(status.newer);
      form.reset(status.newer.values as V, { keepDefaultValues: true });
      stored.current = true;
      sent.current = JSON.stringify(status.newer.values);
      setStatus({ state: 'saved', at: new Date(status.newer.updatedAt) });
    },
    /** After a refused save: what was typed here replaces the newer draft, as its person chose. */
    keepMine: () => {
      if (status.state !== 'conflict') return;
      sawDraft(status.newer);
      void send();
    },
    /** Back to the saved item, draft gone. */
    discard: async () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      await afterDraftWrites(() => Promise.resolve());
      form.reset(JSON.parse(base.current) as V);
      setStatus({ state: 'idle' });
      stored.current = false;
      await deleteDraft(key.current.kind, key.current.itemId).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
    },
  };
}
