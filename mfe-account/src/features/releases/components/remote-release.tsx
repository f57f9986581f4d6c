import type { ReleaseFigures } from '@agency/contracts';
import { AbortProgress, CanaryControls } from './canary-controls';
import { ReleaseHistory } from './release-history';
import { shownDateTime } from '../../../lib/shown-date-time';
import {
  counted,
  shownCls,
  shownMs,
  shownRate,
  shownShare,
  type ReleaseRule,
  type RemoteStatus,
} from './release-format';

const COLUMNS = [
  'Release',
  'Version',
  'Share of visitors',
  'Load time p75',
  'Error rate',
  'LCP p75',
  'INP p75',
  'CLS p75',
  'Server renders',
  'Sample size',
];

/** A figure not measured yet: a dash to the eye, words to a screen reader. */
function NoData() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No data yet</span>
    </>
  );
}

const orNoData = (value: number | null, shown: (v: number) => string) => (value === null ? <NoData /> : shown(value));

type Compared = 'loadP75Ms' | 'errorRate' | 'lcpP75Ms' | 'inpP75Ms' | 'clsP75';

/**
 * Where the canary measures worse than the live version: an error rate higher by more than half the abort margin,
 * or a timing or layout shift more than 10% above the live version's. Those cells are highlighted.
 */
function worse(canary: ReleaseFigures, live: ReleaseFigures | undefined, key: Compared, margin: number): boolean {
  const c = canary[key];
  const l = live?.[key];
  if (c === null || l === null || l === undefined) return false;
  return key === 'errorRate' ? c - l > margin / 2 : c > l * 1.1 && c - l > (key === 'clsP75' ? 0.01 : 10);
}

function VersionRow({
  label,
  version,
  share,
  figures,
  needed,
  live,
  margin = 0,
}: {
  label: string;
  version: string;
  share: number;
  figures: ReleaseFigures;
  /** For the canary: the distinct failing networks the automatic abort needs, so staff can see how far it is. */
  needed?: number;
  /** For the canary: the live version's figures, to highlight where it differs. */
  live?: ReleaseFigures;
  margin?: number;
}) {
  const f = figures;
  const cell = (key: Compared) =>
    worse(f, live, key, margin) ? 'bg-amber-100 py-2 pr-3 font-semibold text-amber-900' : 'py-2 pr-3';
  const flag = (key: Compared) =>
    worse(f, live, key, margin) && <span className="sr-only"> (worse than the live version)</span>;
  return (
    <tr className="border-b align-top">
      <th scope="row" className="py-2 pr-3 font-semibold">
        {label}
      </th>
      <td className="py-2 pr-3 font-mono break-all">{version}</td>
      <td className="py-2 pr-3">{shownShare(share)}</td>
      <td className={cell('loadP75Ms')}>
        {orNoData(f.loadP75Ms, shownMs)}
        {flag('loadP75Ms')}
      </td>
      <td className={cell('errorRate')}>
        {orNoData(f.errorRate, shownRate)}
        {flag('errorRate')}
        {f.errorRate !== null && (
          <>
            {' '}
            <span className="block text-xs text-slate-500">
              {counted(f.errors, 'error')}, {counted(f.loadFailures, 'failed load')}, from{' '}
              {counted(f.failingAddresses, 'network')}
              {needed !== undefined && ` (${needed} needed to abort)`}
            </span>
          </>
        )}
      </td>
      <td className={cell('lcpP75Ms')}>
        {orNoData(f.lcpP75Ms, shownMs)}
        {flag('lcpP75Ms')}
      </td>
      <td className={cell('inpP75Ms')}>
        {orNoData(f.inpP75Ms, shownMs)}
        {flag('inpP75Ms')}
      </td>
      <td className={cell('clsP75')}>
        {orNoData(f.clsP75, shownCls)}
        {flag('clsP75')}
      </td>
      <td className="py-2 pr-3">
        {f.serverRenders === 0 ? (
          <NoData />
        ) : (
          `${counted(f.serverRenders, 'render')}, ${counted(f.serverRenderFailures, 'failure', 'failures')} on retry`
        )}
      </td>
      <td className="py-2">
        {f.pageLoads === 0 && f.samples === 0
          ? 'No data yet'
          : `${counted(f.pageLoads, 'page load')}, ${counted(f.samples, 'sample')}`}
      </td>
    </tr>
  );
}

function MissingRow({ label, text }: { label: string; text: string }) {
  return (
    <tr className="border-b">
      <th scope="row" className="py-2 pr-3 font-semibold">
        {label}
      </th>
      <td colSpan={COLUMNS.length - 1} className="py-2 text-slate-500">
        {text}
      </td>
    </tr>
  );
}

function LastAbort({ abort }: { abort: NonNullable<RemoteStatus['lastAbort']> }) {
  return (
    <div role="note" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      Last abort: canary <span className="font-mono">{abort.version}</span> was aborted{' '}
      {abort.automatic ? 'automatically' : 'by an operator'} on{' '}
      <time dateTime={abort.at}>{shownDateTime(abort.at)}</time>. Reason: {abort.reason}
    </div>
  );
}

/** One remote: its live version and, while one runs, its canary, side by side over the same window. */
export function RemoteRelease({ remote, rule }: { remote: RemoteStatus; rule: ReleaseRule }) {
  const { name, live, canary } = remote;
  const headingId = `release-${name}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="mb-2 text-lg font-semibold">
        {name}
      </h3>
      {remote.lastAbort && <LastAbort abort={remote.lastAbort} />}
      {remote.external ? (
        <p className="text-sm text-slate-600">
          Served from elsewhere (an external URL): no canary and no figures by version from this gateway&apos;s store.
        </p>
      ) : !live && !canary ? (
        <p className="text-sm text-slate-600">No version deployed yet.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {canary ? (
              <>
                Canary started <time dateTime={canary.startedAt}>{shownDateTime(canary.startedAt)}</time>; both
                versions&apos; figures since then.
              </>
            ) : (
              <>
                Figures of the last 24 hours (since <time dateTime={remote.since}>{shownDateTime(remote.since)}</time>).
              </>
            )}
          </p>
          {/* Ten columns do not fit a phone: the table scrolls sideways in its own box, which keys can scroll too (its
              hidden labels are positioned within it, so they do not widen the page). */}
          <div role="region" aria-label={`${name} figures`} tabIndex={0} className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{name}: live and canary</caption>
              <thead className="border-b text-slate-600">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="py-2 pr-3 whitespace-nowrap">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {live ? (
                  <VersionRow
                    label="Live"
                    version={live.version}
                    share={100 - (canary?.percent ?? 0)}
                    figures={live.figures}
                  />
                ) : (
                  <MissingRow label="Live" text="No live version" />
                )}
                {canary ? (
                  <VersionRow
                    label="Canary"
                    version={canary.version}
                    share={canary.percent}
                    figures={canary.figures}
                    needed={rule.minFailingAddresses}
                    live={live?.figures}
                    margin={rule.errorMargin}
                  />
                ) : (
                  <MissingRow label="Canary" text="No canary running" />
                )}
              </tbody>
            </table>
          </div>
          {canary && (
            <>
              <p className="mt-2 text-xs text-slate-600">
                Highlighted: where the canary measures worse than the live version.
              </p>
              <AbortProgress remote={remote} rule={rule} />
              <CanaryControls name={name} percent={canary.percent} version={canary.version} />
            </>
          )}
        </>
      )}
      {!remote.external && <ReleaseHistory name={name} />}
    </section>
  );
}
