import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, LEAD_KIND_PLURAL_LABELS } from '@agency/contracts';
import { call } from '@agency/contracts/client';

export type { LeadRow } from '@agency/contracts';

export const LEAD_TYPES = { all: 'All leads', ...LEAD_KIND_PLURAL_LABELS } as const;
/** A view of the inbox: one kind of lead, or all four. */
export type LeadView = keyof typeof LEAD_TYPES;
export type LeadType = Exclude<LeadView, 'all'>;

export interface LeadsQuery {
  type: LeadView;
  status: string;
  q: string;
  page: number;
  /** '' (any), overdue, soon or open. */
  due: string;
  mine: boolean;
  sort: 'newest' | 'follow-up';
}

/** The filter as the CSV export takes it, the list's own (decision 0098): an empty one is no filter. */
export const leadsFilter = ({ type, status, q, due, mine }: Omit<LeadsQuery, 'page' | 'sort'>) => ({
  type,
  status: status || undefined,
  q: q.trim() || undefined,
  due: (due || undefined) as 'overdue' | 'soon' | 'open' | undefined,
  mine: mine ? ('1' as const) : undefined,
});

export const getLeads = ({ page, type, status, q, due, mine, sort }: LeadsQuery) =>
  call(endpoints.adminLeads, {
    query: {
      type,
      status: status || undefined,
      q: q.trim() || undefined,
      due: (due || undefined) as 'overdue' | 'soon' | 'open' | undefined,
      mine: mine ? '1' : undefined,
      sort,
      page,
    },
  });

export const useLeads = (query: LeadsQuery) =>
  useQuery({ queryKey: ['leads', query], queryFn: () => getLeads(query), placeholderData: keepPreviousData });
