import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const deleteFile = (id: number) => call(endpoints.deleteFile, { params: { id } });

export const useDeleteFile = () => useInvalidatingMutation(deleteFile, ['files']);
