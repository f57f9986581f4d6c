import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { RemoteName } from '@agency/contracts';
import type { RemotePageProps } from '@agency/contracts/client';
import { hostApi } from '../host-api';
import { recordRum } from '../features/rum/rum-queue';
import { loadFailures, loadRemoteModule, markPageLoad, refreshRemote, versionOf } from './remotes';
import { RemoteBoundary } from './remote-boundary';
import { useServerPage } from './server-page';

const SECTION_LABEL: Record<RemoteName, string> = {
  marketing: 'site content',
  quoting: 'quotes and calculators',
  account: 'client account',
};

type PageModule = { default: ComponentType<RemotePageProps> };

/** Commits with the page it follows (same Suspense boundary): the moment the remote's page first rendered. */
function Rendered({ remote }: { remote: RemoteName }) {
  useEffect(() => markPageLoad(remote, true), [remote]);
  return null;
}

/**
 * An error the remote's page threw, for its version's error rate (a failed load was counted as one already). A page
 * that fails before it ever rendered still counts as a page load of that version, or a crashing release would have
 * errors and no page loads to weigh them against.
 */
function countError(remote: RemoteName, error: Error) {
  const version = versionOf(remote);
  if (!version || loadFailures.has(error)) return;
  markPageLoad(remote, false);
  recordRum({ remote, version, kind: 'error' });
}

interface Props {
  remote: RemoteName;
  module: string;
  /** What to show while the remote's code loads (the dashboard has its own wording). */
  loadingText?: string;
}

export function RemotePage({ remote, module, loadingText = 'Loading...' }: Props) {
  const [attempt, setAttempt] = useState(0);
  const serverPage = useServerPage(remote, module);
  // In the browser the page loads lazily; over server-rendered HTML, React keeps that HTML in place (the
  // Suspense boundary stays dehydrated) until the remote's code arrives, then hydrates it.
  const Page = useMemo(
    () =>
      serverPage ??
      lazy(async () => {
        // A retry re-reads the pointer first: the remote may be back, or redeployed under a new version.
        if (attempt > 0) await refreshRemote(remote);
        return loadRemoteModule<PageModule>(remote, module);
      }),
    [serverPage, remote, module, attempt],
  );

  return (
    <RemoteBoundary
      onRetry={() => setAttempt((n) => n + 1)}
      onError={(error) => countError(remote, error)}
      fallback={(_error, retry) => (
        <section
          role="alert"
          data-testid="remote-fallback"
          className="mx-auto my-16 max-w-xl rounded-xl border border-amber-300 bg-amber-50 p-8 text-center"
        >
          <h1 className="text-2xl font-bold text-slate-900">This part of the site is unavailable</h1>
          <p className="mt-3 text-slate-700">
            We couldn't load the {SECTION_LABEL[remote]} section just now. The rest of the site still works. You can
            also reach us at{' '}
            <a className="underline" href={`mailto:${hostApi.config.supportEmail}`}>
              {hostApi.config.supportEmail}
            </a>{' '}
            or{' '}
            <a className="underline" href={`tel:${hostApi.config.supportPhone.replace(/\s/g, '')}`}>
              {hostApi.config.supportPhone}
            </a>
            .
          </p>
          <button
            type="button"
            onClick={retry}
            className="mt-6 rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700"
          >
            Try again
          </button>
        </section>
      )}
    >
      <Suspense
        fallback={
          // A full screen high, so the footer starts below the fold and does not jump when the page arrives.
          <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
            {loadingText}
          </div>
        }
      >
        <Page host={hostApi} />
        <Rendered remote={remote} />
      </Suspense>
    </RemoteBoundary>
  );
}
