import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export const revokeShareLink = ({ id }: { id: number; reportId: number }) =>
  call(endpoints.revokeReportShareLink, { params: { id } });

export const useRevokeShareLink = () =>
  useInvalidatingMutation(revokeShareLink, ({ reportId }) => ['share-links', reportId]);
