import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const deleteReport = (id: number) => call(endpoints.deleteReport, { params: { id } });

export const useDeleteReport = () => useInvalidatingMutation(deleteReport, ['reports']);
