import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** A report's share links as staff see them (never their tokens). */
export const getShareLinks = (reportId: number) => call(endpoints.reportShareLinks, { params: { id: reportId } });

export const useShareLinks = (reportId: number) =>
  useQuery({ queryKey: ['share-links', reportId], queryFn: () => getShareLinks(reportId) });
