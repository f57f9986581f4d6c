import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TYPES, endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

const MIB = Math.round(CONTENT_IMAGE_MAX_BYTES / 1024 / 1024);

/** What the upload takes, said beside the control. */
export const CONTENT_IMAGE_RULE = `JPEG, PNG, WebP, GIF or AVIF, at most ${MIB} MiB.`;

/**
 * Why the browser will not send `file`, or null: the server checks the same (by content, not the name), but a 5 MB
 * upload it would refuse is not worth the wait.
 */
export function contentImageProblem(file: File): string | null {
  if (!(CONTENT_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a JPEG, PNG, WebP, GIF or AVIF image';
  if (file.size > CONTENT_IMAGE_MAX_BYTES) return `The image must be at most ${MIB} MiB`;
  return null;
}

/** The image's own bytes as the body, typed by its Content-Type (not JSON, not multipart); answers its URL. */
export const uploadContentImage = (file: File) =>
  call(endpoints.uploadContentImage, { body: file, headers: { 'Content-Type': file.type } });

// An upload is a content write the audit records; nothing else shows it.
export const useUploadContentImage = () => useInvalidatingMutation(uploadContentImage, ['content', 'audit']);
