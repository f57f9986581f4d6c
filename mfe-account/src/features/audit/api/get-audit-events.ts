import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type AuditArea } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** The audit trail's filters as the panel holds them; empty means no filter. */
export interface AuditFilters {
  area: AuditArea | '';
  who: string;
  from: string;
  to: string;
}

/** Master admins: the audit trail, newest first, narrowed by the filters that are set. */
export const getAuditEvents = (page: number, filters: Partial<AuditFilters> = {}) =>
  call(endpoints.auditEvents, {
    query: {
      page,
      area: filters.area || undefined,
      who: filters.who || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
    },
  });

// Under 'content': every content write refreshes the lists of content, this record of them included.
export const useAuditEvents = (page: number, filters: Partial<AuditFilters> = {}) =>
  useQuery({
    queryKey: ['content', 'audit', page, filters],
    queryFn: () => getAuditEvents(page, filters),
    placeholderData: keepPreviousData,
  });
