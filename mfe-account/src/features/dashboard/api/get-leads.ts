import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageOf } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const LEAD_TYPES = {
  enquiry: 'Enquiries',
  quote: 'Quotes',
  consultation: 'Consultations',
  optin: 'Audio sign-ups',
} as const;
export type LeadType = keyof typeof LEAD_TYPES;

/**
 * A row of the staff lead list. Each kind of lead has its own columns and the panel shows them as they come, so
 * only what it acts on is checked: the id, and the status of the kinds that have one.
 */
export const LeadRowSchema = z.looseObject({ id: z.number().int(), status: z.string().optional() });
export type LeadRow = z.infer<typeof LeadRowSchema>;
export const LeadsPageSchema = pageOf(LeadRowSchema);

export interface LeadsQuery {
  type: LeadType;
  status: string;
  q: string;
  page: number;
}

/** The filter as the list and its CSV export both take it. */
export const leadsFilter = ({ type, status, q }: Omit<LeadsQuery, 'page'>) =>
  new URLSearchParams({ type, ...(status ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) }).toString();

export const getLeads = ({ page, ...filter }: LeadsQuery) =>
  http.get(`/api/admin/leads?${leadsFilter(filter)}&page=${page}`, { schema: LeadsPageSchema });

export const useLeads = (query: LeadsQuery) =>
  useQuery({ queryKey: ['leads', query], queryFn: () => getLeads(query), placeholderData: keepPreviousData });
