import { useQuery } from '@tanstack/react-query';
import { endpoints, type DraftKind, type DraftValuesSchema } from '@agency/contracts';
import type { z } from 'zod';
import { call } from '@agency/contracts/client';

/** The signed-in person's unsaved forms, newest first (decision 0063). */
export const getDrafts = () => call(endpoints.contentDrafts);

export const DRAFTS_KEY = ['drafts'] as const;

/** Read once when an editor opens; the editor itself keeps them up to date as it saves them. */
export const useDrafts = () => useQuery({ queryKey: DRAFTS_KEY, queryFn: getDrafts, staleTime: 0 });

/** A form's values as typed: text, ticks and a post's questions (the form's own shape; the server checks it). */
export const saveDraft = (kind: DraftKind, itemId: number, values: Record<string, unknown>) =>
  call(endpoints.saveContentDraft, {
    params: { kind, itemId },
    body: { values: values as z.input<typeof DraftValuesSchema> },
  });

export const deleteDraft = (kind: DraftKind, itemId: number) =>
  call(endpoints.deleteContentDraft, { params: { kind, itemId } });
