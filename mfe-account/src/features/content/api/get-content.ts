import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CaseStudyInputSchema,
  ServicePackageInputSchema,
  STAFF_CONTENT,
  type StaffContentKind as ContentKind,
} from '@agency/contracts';
import { call } from '@agency/contracts/client';
import type { z } from 'zod';

export type { ContentKind };
/** Every field an editor shows, by name, and the two its list always reads. */
export type ContentItem = { id: number; sortOrder: number; isActive: boolean } & Record<string, unknown>;

/**
 * What a form of each kind checks before it sends. The list takes a stored row of any shape (the entries' answer),
 * so one the public pages leave out (decision 0049) can still be opened and fixed.
 */
export const CONTENT_KINDS: Record<ContentKind, { input: z.ZodType }> = {
  'service-packages': { input: ServicePackageInputSchema },
  'case-studies': { input: CaseStudyInputSchema },
};

export const getContent = (kind: ContentKind, page: number) => call(STAFF_CONTENT[kind].list, { query: { page } });

export const useContent = (kind: ContentKind, page: number) =>
  useQuery({
    queryKey: ['content', kind, page],
    queryFn: () => getContent(kind, page),
    placeholderData: keepPreviousData,
  });
