import { http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff put a file in a client's files; the body is the file itself, its name in the query. */
export const uploadFile = ({ clientId, file }: { clientId: number; file: File }) =>
  http.post(`/api/admin/clients/${clientId}/files?name=${encodeURIComponent(file.name)}`, file);

export const useUploadFile = () => useInvalidatingMutation(uploadFile, ['files']);
