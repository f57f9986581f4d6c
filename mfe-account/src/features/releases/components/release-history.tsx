import { plainText, type ReleaseAction, type RemoteName } from '@agency/contracts';
import { QueryView } from '../../../components/query-view';
import { useReleaseHistory } from '../api/release-actions';
import { shownDateTime } from '../../../lib/shown-date-time';

const WHAT: Record<string, string> = {
  publish: 'Made live',
  canary: 'Canary started',
  promote: 'Canary promoted',
  abort: 'Canary aborted',
  rollback: 'Rolled back',
  prune: 'Old versions removed',
  import: 'State imported',
  upload: 'Uploaded',
  checks: 'Pre-flight checks',
  share: 'Canary share changed',
};

/**
 * What a pipeline or a person wrote (a commit message, a reason, a check's sentence), as shown: plain text of one
 * line (decision 0074). The gateway stores it so already; rows from before are made plain here too, so no
 * bidirectional override can reorder what staff read. React escapes the rest.
 */
const shown = (value: unknown, max = 500) => plainText(String(value), max);

/** Who did it, in words: a person, a pipeline's token, the operator's command line or the gateway itself. */
function who(action: ReleaseAction): string {
  if (action.actor === 'person') return action.actorName ? shown(action.actorName, 120) : 'a master admin';
  if (action.actor === 'token')
    return `the deploy token “${action.actorName ? shown(action.actorName, 120) : 'unnamed'}”`;
  if (action.actor === 'gateway')
    return action.details.automatic === true ? 'the gateway, automatically' : 'the gateway';
  return `the command line on ${shown(action.host, 120)}`;
}

interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

function facts(action: ReleaseAction): string[] {
  const d = action.details;
  return [
    typeof d.share === 'number' ? `${d.share}% of visitors` : null,
    typeof d.replaced === 'string' ? `replacing ${shown(d.replaced, 120)}` : null,
    typeof d.reason === 'string' ? `Reason: ${shown(d.reason)}` : null,
    typeof d.files === 'number' ? `${d.files} files` : null,
    typeof d.error === 'string' ? 'The checks could not run to the end' : null,
    action.commit ? `commit ${shown(action.commit, 80)}` : null,
    action.message ? `“${shown(action.message)}”` : null,
  ].filter((f): f is string => f !== null);
}

/** A `checks` action's outcome in a word or two (decision 0075): running, skipped by the operator, passed or refused. */
function checksOutcome(action: ReleaseAction, checks: Check[] | null): string | null {
  if (action.details.running === true) return ': running';
  if (action.details.skipped === true) return ': skipped by the operator';
  if (!checks) return null;
  return action.details.passed === true ? ': passed' : ': refused';
}

function Entry({ action }: { action: ReleaseAction }) {
  const checks = Array.isArray(action.details.checks) ? (action.details.checks as Check[]) : null;
  const refused = checks && action.details.passed !== true;
  return (
    <li className="border-b py-2 text-sm last:border-0">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className={`font-semibold ${refused ? 'text-red-700' : ''}`}>
          {WHAT[action.action] ?? action.action}
          {checksOutcome(action, checks)}
        </span>
        {action.version && <span className="font-mono text-xs break-all">{shown(action.version, 120)}</span>}
        <span className="text-slate-600">
          by {who(action)}, <time dateTime={action.at}>{shownDateTime(action.at)}</time>
        </span>
      </div>
      {facts(action).length > 0 && <p className="text-slate-700">{facts(action).join(' · ')}</p>}
      {checks && (
        <ul className="mt-1 grid gap-0.5 text-xs">
          {checks.map((c) => (
            <li key={c.name} className={c.passed ? 'text-slate-600' : 'font-semibold text-red-700'}>
              {c.passed ? 'Passed' : 'Failed'}: {shown(c.detail, 1000)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A remote's release history, newest first: every upload, check, release and canary action, and who made it. */
export function ReleaseHistory({ name }: { name: RemoteName }) {
  const history = useReleaseHistory(name);
  return (
    <section aria-label={`${name} release history`} className="mt-3">
      <h4 className="text-sm font-semibold">History</h4>
      <QueryView query={history}>
        {(data) =>
          data.actions.length === 0 ? (
            <p className="text-sm text-slate-600">No release actions yet.</p>
          ) : (
            <ol className="max-h-96 overflow-y-auto">
              {data.actions.map((action) => (
                <Entry key={action.id} action={action} />
              ))}
            </ol>
          )
        }
      </QueryView>
    </section>
  );
}
