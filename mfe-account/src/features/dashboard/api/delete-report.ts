import { http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const deleteReport = (id: number) => http.delete(`/api/admin/reports/${id}`);

export const useDeleteReport = () => useInvalidatingMutation(deleteReport, ['reports']);
