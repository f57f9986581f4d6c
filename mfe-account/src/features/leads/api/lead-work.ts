import { useQuery } from '@tanstack/react-query';
import { endpoints, type LeadEventInput, type LeadType } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** A lead's timeline, read when its detail is open. */
export const useLeadTimeline = (type: LeadType, id: number) =>
  useQuery({
    queryKey: ['leads', 'timeline', type, id],
    queryFn: () => call(endpoints.leadTimeline, { params: { type, id } }),
  });

export const useAddLeadEvent = () =>
  useInvalidatingMutation(
    ({ type, id, event }: { type: LeadType; id: number; event: LeadEventInput }) =>
      call(endpoints.addLeadEvent, { params: { type, id }, body: event }),
    ['leads'],
  );

export const useAssignLead = () =>
  useInvalidatingMutation(
    ({ type, id, userId }: { type: LeadType; id: number; userId: number | null }) =>
      call(endpoints.assignLead, { params: { type, id }, body: { userId } }),
    ['leads'],
  );

/** The inbox's figures: on-time share, overdue and due-soon counts, staff to assign to. */
export const useLeadOverview = () =>
  useQuery({ queryKey: ['leads', 'overview'], queryFn: () => call(endpoints.leadOverview) });

/** One lead with every field (the All view's rows are summaries). */
export const useLead = (type: LeadType, id: number) =>
  useQuery({
    queryKey: ['leads', 'one', type, id],
    queryFn: () => call(endpoints.adminLead, { params: { type, id } }),
  });

/**
 * A lead's retention hold (decision 0066). Kept under `privacy`, with the retention preview, so a hold placed or
 * lifted here refreshes what the Privacy tab says the next run erases.
 */
export const useLeadHold = (type: LeadType, id: number) =>
  useQuery({
    queryKey: ['privacy', 'hold', type, id],
    queryFn: () => call(endpoints.leadHold, { params: { type, id } }),
  });

export const useHoldLead = () =>
  useInvalidatingMutation(
    ({ type, id, reason }: { type: LeadType; id: number; reason: string }) =>
      call(endpoints.holdLead, { params: { type, id }, body: { reason } }),
    ['privacy'],
  );

export const useReleaseLeadHold = () =>
  useInvalidatingMutation(
    ({ type, id }: { type: LeadType; id: number }) => call(endpoints.releaseLeadHold, { params: { type, id } }),
    ['privacy'],
  );
