import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

export type { LeadRow } from '@agency/contracts';

export const LEAD_TYPES = {
  enquiry: 'Enquiries',
  quote: 'Quotes',
  consultation: 'Consultations',
  optin: 'Audio sign-ups',
} as const;
export type LeadType = keyof typeof LEAD_TYPES;

export interface LeadsQuery {
  type: LeadType;
  status: string;
  q: string;
  page: number;
}

/** The filter as the list and its CSV export both take it: an empty status or search is no filter. */
export const leadsFilter = ({ type, status, q }: Omit<LeadsQuery, 'page'>) => ({
  type,
  status: status || undefined,
  q: q.trim() || undefined,
});

export const getLeads = ({ page, ...filter }: LeadsQuery) =>
  call(endpoints.adminLeads, { query: { ...leadsFilter(filter), page } });

export const useLeads = (query: LeadsQuery) =>
  useQuery({ queryKey: ['leads', query], queryFn: () => getLeads(query), placeholderData: keepPreviousData });
