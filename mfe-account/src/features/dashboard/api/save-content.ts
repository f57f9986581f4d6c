import { http } from '@agency/contracts/client';
import { contentPath, type ContentKind } from './get-content';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Adds an item, or replaces the one with `id`; the body has passed the kind's input schema. */
export const saveContent = ({ kind, id, item }: { kind: ContentKind; id?: number; item: unknown }) =>
  id === undefined ? http.post(contentPath(kind), item) : http.put(`${contentPath(kind)}/${id}`, item);

/**
 * Every content write refreshes every content list: the one it changed, and the audit that records it (the list not
 * on screen is only marked stale, and read when next shown).
 */
export const useSaveContent = () => useInvalidatingMutation(saveContent, ['content']);
