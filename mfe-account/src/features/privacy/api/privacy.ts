import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call, http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';
import { saveFile } from '../../../lib/save-file';

export const usePrivacyRequests = () =>
  useQuery({ queryKey: ['privacy'], queryFn: () => call(endpoints.privacyRequests) });

export const useRetentionPreview = () =>
  useQuery({ queryKey: ['privacy', 'retention'], queryFn: () => call(endpoints.retentionPreview) });

/** The person's copy of everything held about the request's address, saved as a zip to the browser's downloads. */
export async function exportPrivacy(id: number) {
  const { blob, name } = await http.download(endpoints.privacyExport, { params: { id } });
  saveFile(blob, name ?? `privacy-request-${id}.zip`);
}

/** E-mails the person of a request for a copy a link to it (decision 0081); the request is then done. */
export const useSendPrivacyCopy = () =>
  useInvalidatingMutation((id: number) => call(endpoints.privacySendCopy, { params: { id } }), ['privacy']);

export const useErasePrivacy = () =>
  useInvalidatingMutation((id: number) => call(endpoints.privacyErase, { params: { id } }), ['privacy']);

export const useClosePrivacy = () =>
  useInvalidatingMutation(
    ({ id, outcome }: { id: number; outcome: string }) =>
      call(endpoints.privacyClose, { params: { id }, body: { outcome } }),
    ['privacy'],
  );

/** Keeps a closed client's records past the seven years after closure (decision 0069). */
export const useHoldClient = () =>
  useInvalidatingMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      call(endpoints.holdClient, { params: { id }, body: { reason } }),
    ['privacy'],
  );

export const useReleaseClientHold = () =>
  useInvalidatingMutation((id: number) => call(endpoints.releaseClientHold, { params: { id } }), ['privacy']);
