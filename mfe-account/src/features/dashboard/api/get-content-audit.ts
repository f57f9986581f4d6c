import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ContentAuditEntrySchema, pageOf } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const ContentAuditPageSchema = pageOf(ContentAuditEntrySchema);

/** Master admins: every content write, newest first. */
export const getContentAudit = (page: number) =>
  http.get(`/api/admin/content-audit?page=${page}`, { schema: ContentAuditPageSchema });

// Under 'content': every content write refreshes the lists of content, this record of them included.
export const useContentAudit = (page: number) =>
  useQuery({
    queryKey: ['content', 'audit', page],
    queryFn: () => getContentAudit(page),
    placeholderData: keepPreviousData,
  });
