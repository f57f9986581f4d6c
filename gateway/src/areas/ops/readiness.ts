import { sql } from 'drizzle-orm';
import { REMOTE_NAMES, type RemoteName } from '@agency/contracts';
import type { Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { LivePointer } from '../releases';
import type { ObjectStore } from '../../platform/storage/object-store';
import { dependencyFailure, RETRY_AFTER_SECONDS } from '../../platform/dependencies';

/** Each check's answer within this, so /readyz answers within 2 s whatever hangs. */
export const CHECK_BUDGET_MS = 1500;

/** What a new or emptied database or bucket needs: the builds published into it, with the gateway's environment. */
export const FILL_COMMAND = 'pnpm remotes publish-all';

export type CheckName = 'database' | 'bucket' | 'remotes' | 'shutdown';

export interface Readiness {
  ready: boolean;
  /** 'ok', or the sentence that says what is wrong and what fixes it. */
  checks: Partial<Record<CheckName, string>>;
}

/** A key no object has: looking for it shows that the store answers. */
const PROBE_KEY = '.versions/readiness-probe';

function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Why a check failed, in a line: the dependency's own reason when it was one (not drizzle's "Failed query"). */
const reason = (error: unknown) =>
  dependencyFailure(error)?.message ?? (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/**
 * Whether this gateway can serve the site (decision 0086): the database answers, the object store answers, every
 * remote the gateway serves has a live version whose files are stored, and it is not shutting down. Each check has
 * its own budget, so the answer comes within two seconds whatever hangs. A check that starts or stops failing is
 * logged once (an error naming what is wrong and the command that fixes it), so a gateway that cannot serve says so
 * at start and on its first probe, not only through its pages.
 */
export function readiness({
  db,
  live,
  remotes,
  manifestOf,
  overrides,
  draining,
  logger,
  budgetMs = CHECK_BUDGET_MS,
}: {
  db: Db;
  live: () => Promise<LivePointer>;
  /** The remotes' area of the object store: the one the bucket check looks at. */
  remotes: ObjectStore;
  /** Whether a version is stored whole (areas/pages/remote-files.ts: cached, and adopting old folders). */
  manifestOf: (name: RemoteName, version: string) => Promise<unknown>;
  overrides: Partial<Record<RemoteName, string>>;
  /** True once the gateway was asked to stop: it then answers 503 while in-flight requests finish. */
  draining: () => boolean;
  logger: Logger;
  budgetMs?: number;
}) {
  const failing = new Map<CheckName, string>();

  async function database(): Promise<string> {
    try {
      await within(budgetMs, 'the database', db.run(sql`select 1`));
      return 'ok';
    } catch (error) {
      return `The database is not answering: ${reason(error)}`;
    }
  }

  async function bucket(): Promise<string> {
    try {
      await within(budgetMs, `the object store (${remotes.location})`, remotes.head(PROBE_KEY));
      return 'ok';
    } catch (error) {
      return `The object store ${remotes.location} is not answering: ${reason(error)}`;
    }
  }

  async function liveRemotes(): Promise<string> {
    let pointer: LivePointer;
    try {
      pointer = await within(budgetMs, 'the release state', live());
    } catch (error) {
      return `The release state cannot be read: ${reason(error)}`;
    }
    const served = REMOTE_NAMES.filter((name) => !overrides[name]);
    const unpublished = served.filter((name) => !pointer.pointer.remotes[name]);
    const problems: string[] = [];
    if (unpublished.length)
      problems.push(
        `No live version of ${unpublished.join(', ')}: every page that shows ${unpublished.length > 1 ? 'them' : 'it'} ` +
          `says "This part of the site is unavailable". Publish with '${FILL_COMMAND}' (after 'pnpm build'; or ` +
          `'pnpm remotes publish ${unpublished[0]} <build folder>') run with this gateway's environment.`,
      );
    const published = served.filter((name) => pointer.pointer.remotes[name]);
    let missing: string[] = [];
    try {
      const found = await within(
        budgetMs,
        'the object store',
        Promise.all(
          published.map(async (name) => {
            const version = pointer.pointer.remotes[name]!.version;
            return (await manifestOf(name, version)) ? null : `${name} ${version}`;
          }),
        ),
      );
      missing = found.filter((m) => m !== null);
    } catch (error) {
      problems.push(`The live versions' files cannot be checked: ${reason(error)}`);
    }
    if (missing.length)
      problems.push(
        `The live version of ${missing.join(', ')} is not in the object store ${remotes.location}: publish the ` +
          `builds again with '${FILL_COMMAND}', or restore the store from a backup ('pnpm restore').`,
      );
    return problems.length ? problems.join(' ') : 'ok';
  }

  function note(name: CheckName, said: string) {
    const was = failing.get(name);
    if (said === 'ok') {
      if (was !== undefined) logger.info('ready again', { check: name });
      failing.delete(name);
    } else if (was !== said) {
      failing.set(name, said);
      logger.error('not ready', { check: name, reason: said });
    }
  }

  async function check(): Promise<Readiness> {
    if (draining()) return { ready: false, checks: { shutdown: 'The gateway is shutting down.' } };
    const [d, b, r] = await Promise.all([database(), bucket(), liveRemotes()]);
    note('database', d);
    note('bucket', b);
    // The release state is in the database: while it does not answer, the remotes are not known either way.
    if (d === 'ok') note('remotes', r);
    const checks = { database: d, bucket: b, remotes: d === 'ok' ? r : 'not checked: the database is not answering' };
    return { ready: d === 'ok' && b === 'ok' && r === 'ok', checks };
  }

  return { check, retryAfterSeconds: RETRY_AFTER_SECONDS };
}

export type ReadinessCheck = ReturnType<typeof readiness>;
