import { http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const deleteFile = (id: number) => http.delete(`/api/admin/files/${id}`);

export const useDeleteFile = () => useInvalidatingMutation(deleteFile, ['files']);
