import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff put a file in a client's files; the body is the file itself, its name in the query. */
export const uploadFile = ({ clientId, file }: { clientId: number; file: File }) =>
  call(endpoints.uploadFile, { params: { clientId }, query: { name: file.name }, body: file });

export const useUploadFile = () => useInvalidatingMutation(uploadFile, ['files']);
