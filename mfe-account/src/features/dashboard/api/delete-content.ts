import { http } from '@agency/contracts/client';
import { contentPath, type ContentKind } from './get-content';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const deleteContent = ({ kind, id }: { kind: ContentKind; id: number }) =>
  http.delete(`${contentPath(kind)}/${id}`);

// Refreshes the audit too, like every content write (save-content.ts).
export const useDeleteContent = () => useInvalidatingMutation(deleteContent, ['content']);
