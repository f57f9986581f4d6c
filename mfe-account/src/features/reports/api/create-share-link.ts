import { endpoints, type ShareLinkInputSchema } from '@agency/contracts';
import type { z } from 'zod';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** A new link to a report; its address comes in this answer only. */
export const createShareLink = ({
  reportId,
  input,
}: {
  reportId: number;
  input: z.input<typeof ShareLinkInputSchema>;
}) => call(endpoints.createReportShareLink, { params: { id: reportId }, body: input });

export const useCreateShareLink = () =>
  useInvalidatingMutation(createShareLink, ({ reportId }) => ['share-links', reportId]);
