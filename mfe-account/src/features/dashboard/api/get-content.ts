import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CaseStudyInputSchema, pageOf, ServicePackageInputSchema, StaffContentItemSchema } from '@agency/contracts';
import { http, type ResponseSchema } from '@agency/contracts/client';
import type { z } from 'zod';

/** Every field an editor shows, by name, and the two its list always reads. */
export type ContentItem = { id: number; sortOrder: number; isActive: boolean } & Record<string, unknown>;
export type ContentKind = 'service-packages' | 'case-studies';

/**
 * The content staff edit, by the path of its admin endpoint: what a form sends, and what the list reads. The list
 * takes a stored row of any shape, so one the public pages leave out (decision 0049) can still be opened and fixed.
 */
export const CONTENT_KINDS: Record<
  ContentKind,
  { input: z.ZodType; page: ResponseSchema<{ items: ContentItem[]; total: number; page: number; pageSize: number }> }
> = {
  'service-packages': { input: ServicePackageInputSchema, page: pageOf(StaffContentItemSchema) },
  'case-studies': { input: CaseStudyInputSchema, page: pageOf(StaffContentItemSchema) },
};
export const contentPath = (kind: ContentKind) => `/api/admin/${kind}`;

export const getContent = (kind: ContentKind, page: number) =>
  http.get(`${contentPath(kind)}?page=${page}`, { schema: CONTENT_KINDS[kind].page });

export const useContent = (kind: ContentKind, page: number) =>
  useQuery({
    queryKey: ['content', kind, page],
    queryFn: () => getContent(kind, page),
    placeholderData: keepPreviousData,
  });
