import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Master admins: every content write, newest first. */
export const getContentAudit = (page: number) => call(endpoints.contentAudit, { query: { page } });

// Under 'content': every content write refreshes the lists of content, this record of them included.
export const useContentAudit = (page: number) =>
  useQuery({
    queryKey: ['content', 'audit', page],
    queryFn: () => getContentAudit(page),
    placeholderData: keepPreviousData,
  });
