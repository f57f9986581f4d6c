import { useQuery } from '@tanstack/react-query';
import { endpoints, type Draft, type DraftKind, type DraftValuesSchema } from '@agency/contracts';
import type { z } from 'zod';
import { call } from '@agency/contracts/client';

/**
 * The newest version of each draft this page has seen or saved, by kind and item (decision 0101): a save names it
 * as the version it was based on, and the server refuses one based on an older version than it holds.
 */
const versions = new Map<string, number>();
const keyOf = (kind: DraftKind, itemId: number) => `${kind}/${itemId}`;
export const draftVersion = (kind: DraftKind, itemId: number) => versions.get(keyOf(kind, itemId)) ?? 0;
export const sawDraft = (draft: Pick<Draft, 'kind' | 'itemId' | 'version'>) => {
  const key = keyOf(draft.kind, draft.itemId);
  versions.set(key, Math.max(versions.get(key) ?? 0, draft.version));
};
const forget = (kind: DraftKind, itemId: number) => versions.delete(keyOf(kind, itemId));

/**
 * Every draft write of this page, one after another, across forms: a form opened again right after it was left (a
 * tab switched straight back) and a read of the drafts wait for the save its leaving sent.
 */
let writes: Promise<unknown> = Promise.resolve();
export const afterDraftWrites = <T>(write: () => Promise<T>): Promise<T> => {
  const next = writes.then(write, write);
  writes = next.catch(() => undefined);
  return next;
};

/** The signed-in person's unsaved forms, newest first (decision 0063), once this page's own saves are in. */
export const getDrafts = async () => {
  await writes;
  const drafts = await call(endpoints.contentDrafts);
  drafts.items.forEach(sawDraft);
  return drafts;
};

export const DRAFTS_KEY = ['drafts'] as const;

/** Read once when an editor opens; the editor itself keeps them up to date as it saves them. */
export const useDrafts = () => useQuery({ queryKey: DRAFTS_KEY, queryFn: getDrafts, staleTime: 0 });

/** A form's values as typed: text, ticks and a post's questions (the form's own shape; the server checks it). */
export const saveDraft = async (kind: DraftKind, itemId: number, values: Record<string, unknown>) => {
  const saved = await call(endpoints.saveContentDraft, {
    params: { kind, itemId },
    body: { values: values as z.input<typeof DraftValuesSchema>, baseVersion: draftVersion(kind, itemId) },
  });
  sawDraft(saved);
  return saved;
};

export const deleteDraft = async (kind: DraftKind, itemId: number) => {
  const done = await call(endpoints.deleteContentDraft, { params: { kind, itemId } });
  forget(kind, itemId);
  return done;
};
