import { useEffect, useRef, useState } from 'react';
import { CONSENT_TEXT } from '@agency/contracts';
import { consentStore, useConsent } from './consent-store';

const button = 'rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`;
const secondary = `${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-brand-600`;

/** Choose: the two purposes as checkboxes, starting from the visitor's current choice (none ticked before one). */
function ChoosePanel() {
  const { choice } = useConsent();
  const [analytics, setAnalytics] = useState(choice?.analytics ?? false);
  const [ads, setAds] = useState(choice?.ads ?? false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        consentStore.choose({ analytics, ads }, 'choose');
      }}
    >
      <label className="flex items-start gap-2 text-sm">
        <input
          ref={first}
          type="checkbox"
          className="mt-1 size-4 shrink-0"
          checked={analytics}
          onChange={(e) => setAnalytics(e.target.checked)}
        />
        {CONSENT_TEXT.analyticsLabel}
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0"
          checked={ads}
          onChange={(e) => setAds(e.target.checked)}
        />
        {CONSENT_TEXT.adsLabel}
      </label>
      <button type="submit" className={primary}>
        {CONSENT_TEXT.save}
      </button>
    </form>
  );
}

/**
 * The consent banner (decision 0095): fixed to the bottom of the viewport, so showing it moves nothing on the page
 * (no layout shift), and not modal: the page stays readable and usable behind it. A labelled region, reached with
 * Tab after the page's own content; opened from the footer's "Cookie settings" it takes the focus, since the
 * visitor asked for it. Loaded in a chunk of its own: a visitor who has chosen never fetches it.
 */
export default function ConsentBanner({ focus }: { focus: boolean }) {
  const [choosing, setChoosing] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) region.current?.focus();
  }, [focus]);
  return (
    <div
      ref={region}
      role="region"
      aria-label={CONSENT_TEXT.title}
      tabIndex={-1}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[60vh] overflow-y-auto border-t border-slate-200 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.12)] outline-none sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md sm:rounded-2xl sm:border"
    >
      <p className="font-semibold text-slate-900">{CONSENT_TEXT.title}</p>
      <p className="mt-1 text-sm text-slate-700">{CONSENT_TEXT.body}</p>
      {choosing ? (
        <ChoosePanel />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={primary}
            onClick={() => consentStore.choose({ analytics: true, ads: true }, 'accept')}
          >
            {CONSENT_TEXT.accept}
          </button>
          <button
            type="button"
            className={secondary}
            onClick={() => consentStore.choose({ analytics: false, ads: false }, 'reject')}
          >
            {CONSENT_TEXT.reject}
          </button>
          <button type="button" className={secondary} onClick={() => setChoosing(true)}>
            {CONSENT_TEXT.choose}
          </button>
        </div>
      )}
    </div>
  );
}
