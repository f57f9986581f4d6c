import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type AuditEntity } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** The audit log's filters as the panel holds them; empty means no filter. */
export interface AuditFilters {
  entity: AuditEntity | '';
  who: string;
  from: string;
  to: string;
}

/** Master admins: the audit log, newest first, narrowed by the filters that are set. */
export const getContentAudit = (page: number, filters: Partial<AuditFilters> = {}) =>
  call(endpoints.contentAudit, {
    query: {
      page,
      entity: filters.entity || undefined,
      who: filters.who || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
    },
  });

// Under 'content': every content write refreshes the lists of content, this record of them included.
export const useContentAudit = (page: number, filters: Partial<AuditFilters> = {}) =>
  useQuery({
    queryKey: ['content', 'audit', page, filters],
    queryFn: () => getContentAudit(page, filters),
    placeholderData: keepPreviousData,
  });
