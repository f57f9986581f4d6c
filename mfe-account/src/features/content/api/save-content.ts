import type { z } from 'zod';
import { STAFF_CONTENT, type StaffContentKind as ContentKind } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** What a form of either kind sends: the body of its kind's entries. */
type ContentInput = z.input<(typeof STAFF_CONTENT)[ContentKind]['create']['body']>;

/** Adds an item, or replaces the one with `id`; the editor has checked it with its kind's input schema. */
export const saveContent = ({ kind, id, item }: { kind: ContentKind; id?: number; item: unknown }) => {
  const api = STAFF_CONTENT[kind];
  const body = item as ContentInput;
  return id === undefined ? call(api.create, { body }) : call(api.replace, { params: { id }, body });
};

/**
 * Every content write refreshes every content list: the one it changed, and the audit that records it (the list not
 * on screen is only marked stale, and read when next shown).
 */
export const useSaveContent = () => useInvalidatingMutation(saveContent, ['content']);
