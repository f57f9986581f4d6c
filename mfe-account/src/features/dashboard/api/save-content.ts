import { http } from '@agency/contracts/client';
import { contentPath, type ContentKind } from './get-content';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Adds an item, or replaces the one with `id`; the body has passed the kind's input schema. */
export const saveContent = ({ kind, id, item }: { kind: ContentKind; id?: number; item: unknown }) =>
  id === undefined ? http.post(contentPath(kind), item) : http.put(`${contentPath(kind)}/${id}`, item);

export const useSaveContent = () => useInvalidatingMutation(saveContent, ({ kind }) => ['content', kind]);
