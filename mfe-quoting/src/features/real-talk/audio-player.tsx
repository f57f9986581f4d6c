import { useState, type Ref } from 'react';
import { useHost } from '@agency/contracts/client';

/** The Real Talk audio at `src`; play, pause and end each fire an analytics event (leads-and-quoting §4). */
export function AudioPlayer({ src, ref }: { src: string; ref?: Ref<HTMLAudioElement> }) {
  const { config, track } = useHost();
  const [failed, setFailed] = useState(false);
  const params = { content_name: 'Real Talk audio' };
  return (
    <div>
      <audio
        ref={ref}
        controls
        preload="metadata"
        src={src}
        className="w-full"
        aria-label="Real Talk audio, 12 minutes"
        onPlay={() => track({ name: 'audio_play', params })}
        // The element also pauses as it ends; only a listener's own pause counts as one.
        onPause={(e) => !e.currentTarget.ended && track({ name: 'audio_pause', params })}
        onEnded={() => track({ name: 'audio_end', params })}
        onError={() => setFailed(true)}
      />
      {failed && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          The audio will not load right now. The link in your e-mail works too, or write to{' '}
          <a className="underline" href={`mailto:${config.supportEmail}`}>
            {config.supportEmail}
          </a>{' '}
          and we will send it another way.
        </p>
      )}
    </div>
  );
}
