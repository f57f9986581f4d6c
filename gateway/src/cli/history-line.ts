import { plainText } from '@agency/contracts';
import type { ReleaseActionRow } from '../areas/releases';

// `remotes history` prints what pipelines and people wrote (commit, message, a reason, check sentences) in the
// operator's terminal. Everything stored is made plain on the way in (decision 0074); rows from before that, or
// written around the API, are made plain again on the way out, so no escape sequence or bidirectional override
// reaches the terminal.

/** A stored string as printed: plain, one line, at most `max` characters. */
const shown = (value: unknown, max = 500) => plainText(String(value), max);

/** One release action as a line: when, who on which machine, what (decision 0058's `release_actions`). */
export function historyLine(row: ReleaseActionRow): string {
  const d = row.details;
  const checks = Array.isArray(d.checks) ? (d.checks as { name: string; passed: boolean; detail: string }[]) : null;
  const facts = [
    typeof d.share === 'number' ? `${d.share}% of visitors` : null,
    typeof d.replaced === 'string' ? `replacing ${shown(d.replaced, 120)}` : null,
    typeof d.reason === 'string' ? `because: ${shown(d.reason)}` : null,
    Array.isArray(d.removed) ? `removed ${d.removed.map((v) => shown(v, 120)).join(', ')}` : null,
    Array.isArray(d.remotes) ? `remotes ${d.remotes.map((v) => shown(v, 40)).join(', ')} from ${shown(d.file)}` : null,
    typeof d.files === 'number' ? `${d.files} files` : null,
    d.running === true ? 'running' : null,
    d.skipped === true ? 'skipped by the operator (--skip-checks)' : null,
    typeof d.error === 'string' ? 'REFUSED: the checks could not run to the end' : null,
    checks
      ? d.passed === true
        ? 'passed'
        : `REFUSED: ${checks
            .filter((c) => !c.passed)
            .map((c) => shown(c.detail, 1000))
            .join(' ')}`
      : null,
    row.commit ? `commit ${shown(row.commit, 80)}` : null,
    row.message ? `"${shown(row.message)}"` : null,
  ].filter((f) => f !== null);
  const who =
    row.actor === 'gateway' && d.automatic === true
      ? 'gateway (automatic)'
      : row.actorName
        ? `${row.actor === 'token' ? 'token' : ''} ${shown(row.actorName, 120)}`.trim()
        : shown(row.actor, 40);
  const what = [row.remote, row.version].filter(Boolean).map((v) => shown(v, 120));
  return (
    `${row.at.toISOString()}  ${shown(row.action, 40).padEnd(8)} ${what.join(' ')}` +
    `${facts.length ? `  ${facts.join('; ')}` : ''}  by ${who} on ${shown(row.host, 120)}`
  );
}

/**
 * Characters JSON leaves as they are but a terminal acts on or reorders: C1 controls (0x9B starts an escape
 * sequence in some terminals), line separators, bidirectional formatting, zero-width and tag characters.
 */
const UNSEEN = /[\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f\ufeff]|\udb40[\udc00-\udc7f]/g;

/** `remotes history --json`: the rows as stored, with every such character written as its `\u` escape. */
export function historyJson(rows: ReleaseActionRow[]): string {
  return JSON.stringify(rows, null, 2).replace(UNSEEN, (c) =>
    c
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}
