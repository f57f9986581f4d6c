import { useId, useRef, useState } from 'react';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AUDIO_RULE, audioProblem, useRealTalkAudio, useUploadRealTalkAudio } from '../api/real-talk-audio';

const waitingWords = (n: number, capital = false) => (n === 1 ? `${capital ? 'O' : 'o'}ne person` : `${n} people`);

/**
 * The Real Talk audio of the opt-in (decision 0064): what plays now, and an upload that replaces it. Until there is
 * one, the thank-you page says the audio follows by e-mail; the upload sends it to everyone who waited, so a chosen
 * file is asked about first, saying how many people it will e-mail (decision 0083).
 */
export function AudioUpload() {
  const { toast } = useHost();
  const current = useRealTalkAudio();
  const upload = useUploadRealTalkAudio();
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const inputId = useId();
  const ruleId = useId();
  const input = useRef<HTMLInputElement>(null);

  /** A file chosen: checked, then asked about (it goes live and mails everyone waiting) before it is sent. */
  function choose(file: File | undefined) {
    if (!file) return;
    const refused = audioProblem(file);
    setProblem(refused);
    if (!refused) setChosen(file);
    else if (input.current) input.current.value = '';
  }

  function cancel() {
    setChosen(null);
    if (input.current) input.current.value = '';
  }

  async function send(file: File) {
    setChosen(null);
    if (input.current) input.current.value = '';
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
  const waiting = current.data?.waiting ?? 0;
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
        ref={input}
        id={inputId}
        type="file"
        accept="audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/wav,.mp3,.m4a,.ogg,.wav"
        aria-describedby={ruleId}
        disabled={upload.isPending}
        onChange={(e) => choose(e.target.files?.[0])}
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
      {chosen && (
        <ConfirmDialog
          title={waiting > 0 ? `Upload and e-mail ${waitingWords(waiting)}?` : 'Upload this audio?'}
          confirmLabel={waiting > 0 ? `Upload and e-mail ${waiting}` : 'Upload'}
          onConfirm={() => send(chosen)}
          onCancel={cancel}
        >
          <p>
            “{chosen.name}” {url ? 'replaces the audio playing now and plays' : 'plays'} on the thank-you page at once.
          </p>
          <p>
            {waiting > 0
              ? `${waitingWords(waiting, true)} signed up while there was no audio. Each is e-mailed the link now, once; an e-mail cannot be taken back.`
              : 'Nobody is waiting for it, so no e-mail is sent.'}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
