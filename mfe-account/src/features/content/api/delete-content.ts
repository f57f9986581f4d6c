import { STAFF_CONTENT, type StaffContentKind as ContentKind } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const deleteContent = ({ kind, id }: { kind: ContentKind; id: number }) =>
  call(STAFF_CONTENT[kind].remove, { params: { id } });

// Refreshes the audit too, like every content write (save-content.ts).
export const useDeleteContent = () => useInvalidatingMutation(deleteContent, ['content']);
