import { QueryView } from '../../components/query-view';
import { useReleases } from './api/get-releases';
import { DeployTokens } from './components/deploy-tokens';
import { ruleSentence } from './components/release-format';
import { RemoteRelease } from './components/remote-release';

const time = new Intl.DateTimeFormat('en-NZ', { timeStyle: 'medium' });
const codeClass = 'rounded bg-slate-100 px-1 font-mono text-xs';

/**
 * Master admins: each remote's live version and canary with what visitors' browsers measured, refreshed while
 * open; the canary's promotion, abort and share; each remote's release history; and the deploy tokens pipelines
 * release with. Starting a canary is a release, the pipeline's job (docs/releasing.md, "Releasing from CI").
 */
export function ReleasesPanel() {
  const releases = useReleases();
  return (
    <section aria-labelledby="releases-heading">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-3">
        <h2 id="releases-heading" className="text-xl font-bold">
          Releases
        </h2>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          {releases.dataUpdatedAt > 0 && <span>Updated {time.format(releases.dataUpdatedAt)}</span>}
          <button
            type="button"
            onClick={() => void releases.refetch()}
            disabled={releases.isFetching}
            className="rounded-lg border border-slate-300 px-4 py-1.5 font-semibold text-slate-800 disabled:opacity-60"
          >
            Refresh
          </button>
        </div>
      </div>
      <p className="mb-4 text-sm text-slate-600">
        Live and canary versions of each micro-frontend, measured in visitors&apos; browsers. Refreshed every 30 seconds
        while this tab is open.
      </p>
      <QueryView query={releases}>
        {(data) => (
          <div className="grid grid-cols-1 gap-4">
            <p className="text-sm font-medium">{ruleSentence(data.rule)}</p>
            {data.remotes.map((remote) => (
              <RemoteRelease key={remote.name} remote={remote} rule={data.rule} />
            ))}
          </div>
        )}
      </QueryView>
      <DeployTokens />
      <div className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        <h3 className="mb-1 font-semibold">Releasing and starting a canary</h3>
        <p>
          Each team&apos;s pipeline releases its micro-frontend with a deploy token:{' '}
          <code className={codeClass}>pnpm run deploy --to &lt;site&gt; --canary &lt;percent&gt;</code> in the
          remote&apos;s folder starts a canary, which you then promote or abort here. Every version passes the
          pre-flight checks first; a refused one is kept for inspection and is never served.
        </p>
      </div>
    </section>
  );
}
