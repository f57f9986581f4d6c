import { useId, useState } from 'react';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { AUDIO_RULE, audioProblem, useRealTalkAudio, useUploadRealTalkAudio } from '../api/real-talk-audio';

/**
 * The Real Talk audio of the opt-in (decision 0064): what plays now, and an upload that replaces it. Until there
 * is one, the thank-you page says the audio follows by e-mail; the upload sends it to everyone who waited.
 */
export function AudioUpload() {
  const { toast } = useHost();
  const current = useRealTalkAudio();
  const upload = useUploadRealTalkAudio();
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const ruleId = useId();

  async function send(file: File | undefined) {
    if (!file) return;
    const refused = audioProblem(file);
    setProblem(refused);
    if (refused) return;
    try {
      const { emailed } = await upload.mutateAsync(file);
      toast({
        title: 'Audio uploaded',
        description:
          emailed > 0
            ? `It plays on the thank-you page now, and ${emailed} ${emailed === 1 ? 'person who was' : 'people who were'} waiting got the link by e-mail.`
            : 'It plays on the thank-you page now.',
      });
    } catch (error) {
      setProblem(serverErrorText(error, 'The audio could not be uploaded. Please try again.'));
    }
  }

  const url = current.data?.url;
  return (
    <section aria-labelledby="audio-heading" className="xl:col-span-2">
      <h2 id="audio-heading" className="mb-2 text-xl font-bold">
        Real Talk audio
      </h2>
      {url ? (
        <div className="mb-3">
          <p className="text-sm text-slate-600">Playing on the thank-you page now:</p>
          <audio
            controls
            preload="none"
            src={url}
            className="mt-1 w-full max-w-md"
            aria-label="Current Real Talk audio"
          />
        </div>
      ) : current.isSuccess ? (
        <p className="mb-3 text-sm text-amber-900">
          No audio yet: sign-ups are told it is on its way and get the link when you upload it.
        </p>
      ) : null}
      <label htmlFor={inputId} className="block font-medium">
        {url ? 'Replace the audio' : 'Upload the audio'}
      </label>
      <input
        id={inputId}
        type="file"
        accept="audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/wav,.mp3,.m4a,.ogg,.wav"
        aria-describedby={ruleId}
        disabled={upload.isPending}
        onChange={(e) => void send(e.target.files?.[0])}
        className="mt-1 block max-w-full text-sm"
      />
      <p id={ruleId} className="mt-1 text-xs text-slate-500">
        {upload.isPending ? 'Uploading...' : AUDIO_RULE}
      </p>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}
