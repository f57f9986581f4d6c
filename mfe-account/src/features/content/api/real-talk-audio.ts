import { useQuery } from '@tanstack/react-query';
import { endpoints, REAL_TALK_AUDIO_MAX_BYTES } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

const MIB = Math.round(REAL_TALK_AUDIO_MAX_BYTES / 1024 / 1024);
export const AUDIO_RULE = `MP3, M4A, OGG or WAV, at most ${MIB} MiB.`;

/** Why the browser will not send `file`, or null (the server checks its type by its bytes either way). */
export function audioProblem(file: File): string | null {
  if (file.size === 0) return 'That file is empty. Choose the audio file.';
  if (file.size > REAL_TALK_AUDIO_MAX_BYTES) return `The audio file must be at most ${MIB} MiB.`;
  return null;
}

/** The audio playing now, and how many sign-ups an upload would e-mail (staff only). */
export const useRealTalkAudio = () =>
  useQuery({ queryKey: ['real-talk-audio'], queryFn: () => call(endpoints.realTalkAudioStatus) });

/** The file's own bytes as the body; answers where it is served and how many waiting sign-ups were e-mailed. */
export const uploadRealTalkAudio = (file: File) =>
  call(endpoints.uploadRealTalkAudio, {
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
export const useUploadRealTalkAudio = () => useInvalidatingMutation(uploadRealTalkAudio, ['real-talk-audio']);
