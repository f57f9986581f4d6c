import { endpoints, type EnquiryStatus, type QuoteStatus } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import type { LeadType } from './get-leads';
import { useInvalidatingMutation } from '../../../lib/query-client';

/**
 * Sets a lead's status through its kind's endpoint; audio sign-ups have none. The panel offers each kind its own
 * statuses, and the server answers 400 for one that is not on the kind's list.
 */
export const changeLeadStatus = ({ type, id, status }: { type: LeadType; id: number; status: string }) => {
  const params = { id };
  if (type === 'quote') return call(endpoints.setQuoteStatus, { params, body: { status: status as QuoteStatus } });
  const body = { status: status as EnquiryStatus };
  if (type === 'enquiry') return call(endpoints.setEnquiryStatus, { params, body });
  if (type === 'consultation') return call(endpoints.setConsultationStatus, { params, body });
  throw new Error('Audio sign-ups have no status');
};

export const useChangeLeadStatus = () => useInvalidatingMutation(changeLeadStatus, ['leads']);
