import { http } from '@agency/contracts/client';
import type { LeadType } from './get-leads';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Where each kind's status changes; audio sign-ups have none. */
const STATUS_PATH: Partial<Record<LeadType, string>> = {
  enquiry: 'enquiries',
  quote: 'quotes',
  consultation: 'consultations',
};

export const changeLeadStatus = ({ type, id, status }: { type: LeadType; id: number; status: string }) =>
  http.patch(`/api/admin/${STATUS_PATH[type]}/${id}`, { status });

export const useChangeLeadStatus = () => useInvalidatingMutation(changeLeadStatus, ['leads']);
