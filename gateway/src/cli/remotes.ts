import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CreateDeployTokenSchema,
  REMOTE_NAMES,
  TEAM_REMOTES,
  RemoteNameSchema,
  type ReleaseFigures,
  type Releases,
} from '@agency/contracts';
import { createDb, migrateDb, migrationsFolder, type Db } from '../platform/db';
import { gatewayRoot } from '../platform/db/paths';
import { loadEnv, type Env } from '../platform/env';
import {
  releaseHistory,
  releaseStorage,
  createRemoteStore,
  type VersionCheck,
  type VersionChecks,
  releaseReport,
  describeImport,
  importStateFile,
  pruneUploads,
} from '../areas/releases';
import { historyJson, historyLine } from './history-line';
import { createDeployToken, listDeployTokens, revokeDeployToken } from '../platform/http/guards/deploy-tokens';
import { operatorChecks } from './operator-checks';
import { openObjectStores } from '../platform/storage/stores';
import { buildFolder } from './build-folder';
import { migrateStore, migrationText } from '../areas/ops';

/**
 * Operator commands for the remote store. The release state is in the database (DATABASE_URL, as the gateway opens
 * it; decision 0058), so every running gateway picks up a change on its next request:
 *   remotes publish <name> <distDir> [--canary <percent>] [--skip-checks]
 *                                      copy a build in under its content version, run its pre-flight checks
 *                                      (unless they passed before), and make it live, or serve it to that share
 *                                      of visitors beside the live version; --skip-checks publishes it unchecked
 *                                      (recorded as such; never a version whose checks failed)
 *   remotes publish-all [--skip-checks]
 *                                      publish ../mfe-<name>/dist for every remote (after `pnpm build`)
 *   remotes check <name> <version>     run a stored version's pre-flight checks again and record them (a version
 *                                      from before checks existed, or one whose checks were cut short)
 *   remotes promote <name>             make the canary live for everyone
 *   remotes abort <name> [--reason t]  send everyone back to the live version
 *   remotes rollback <name>            make the previously live version current again
 *   remotes status [--json]            live and canary versions, shares and real-user figures
 *   remotes history [<name>] [--json]  the latest release actions: who, where, when, what
 *   remotes prune                      delete versions neither live, canary nor in the rollback history
 *   remotes token create <name> [--label <text>] [--expires <days>]
 *                                      a deploy token for a pipeline releasing that remote (shown once)
 *   remotes token list | token revoke <id>
 *   remotes migrate-store --to s3://<bucket>/<prefix>
 *                                      copy every stored version, content image and client file from the folder
 *                                      store into a bucket, and check each copy's SHA-256
 */
const usage =
  'usage: remotes publish <name> <distDir> [--canary <percent>] [--skip-checks] | publish-all [--skip-checks] | ' +
  'check <name> <version> | promote <name> | ' +
  'abort <name> [--reason <text>] | rollback <name> | status [--json] | history [<name>] [--json] | prune | ' +
  'token create <name> [--label <text>] [--expires <days>] | token list | token revoke <id> | ' +
  'migrate-store --to s3://<bucket>/<prefix>';

/** `remotes token ...`: deploy tokens made, listed and revoked by the operator on the gateway's machine. */
async function tokenCommand(
  db: Db,
  [action, arg]: (string | undefined)[],
  values: { label?: string; expires?: string },
) {
  switch (action) {
    case 'create': {
      const parsed = CreateDeployTokenSchema.safeParse({
        remote: arg,
        label: values.label ?? `pipeline of ${arg ?? 'a remote'}`,
        ...(values.expires === undefined
          ? {}
          : { expiresInDays: /^\d+$/.test(values.expires) ? Number(values.expires) : NaN }),
      });
      if (!parsed.success)
        throw new Error(
          parsed.error.issues
            .map((i) => {
              const field = String(i.path[0]);
              // The account remote is a name, but the agency's alone to release (decision 0077): its own sentence.
              if (field === 'remote')
                return i.code === 'custom' ? i.message : `remote must be one of ${TEAM_REMOTES.join(', ')}`;
              return `--${field === 'expiresInDays' ? 'expires' : field} ${i.message}`;
            })
            .join('\n'),
        );
      const { token, deployToken } = await createDeployToken(db, { ...parsed.data, by: 'cli' });
      console.log(token);
      console.error(
        `A deploy token for ${deployToken.remote} ("${deployToken.label}"), valid until ${deployToken.expiresAt}. It is ` +
          `shown this once: store it as the pipeline's DEPLOY_TOKEN secret.`,
      );
      return;
    }
    case 'list': {
      const tokens = await listDeployTokens(db);
      console.log(
        tokens
          .map(
            (t) =>
              `${String(t.id).padStart(4)}  ${t.remote.padEnd(9)} ${t.label}  expires ${t.expiresAt}  ` +
              `${t.revokedAt ? `revoked ${t.revokedAt}` : t.lastUsedAt ? `last used ${t.lastUsedAt}` : 'never used'}`,
          )
          .join('\n') || 'no deploy tokens',
      );
      return;
    }
    case 'revoke': {
      const id = /^\d+$/.test(arg ?? '') ? Number(arg) : NaN;
      if (!Number.isSafeInteger(id)) throw new Error(`token revoke needs a token's id (remotes token list)\n${usage}`);
      if (!(await revokeDeployToken(db, id, 'cli')))
        throw new Error(`No deploy token ${id}, or it was revoked already`);
      console.log(`deploy token ${id} revoked`);
      return;
    }
    default:
      throw new Error(usage);
  }
}

const pct = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);
const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

function figuresLine(f: ReleaseFigures): string {
  return (
    `${f.pageLoads} page loads, error rate ${pct(f.errorRate)} (${f.errors} errors, ${f.loadFailures} failed loads, ` +
    `from ${f.failingAddresses} network${f.failingAddresses === 1 ? '' : 's'}), load p75 ${ms(f.loadP75Ms)}, LCP p75 ${ms(f.lcpP75Ms)}, ` +
    `INP p75 ${ms(f.inpP75Ms)}, CLS p75 ${f.clsP75 === null ? '-' : f.clsP75.toFixed(3)}, ` +
    `server renders ${f.serverRenders} (${f.serverRenderFailures} failed on retry)`
  );
}

/** `remotes status` for people: each remote's live and canary side by side, and the last abort with its reason. */
export function statusText({ remotes, rule }: Releases): string {
  const lines = remotes.flatMap((r) => {
    if (r.external) return [`${r.name}: served from elsewhere (REMOTE_${r.name.toUpperCase()}_URL)`];
    if (!r.live) return [`${r.name}: not published`];
    const share = r.canary ? `${100 - r.canary.percent}%` : '100%';
    return [
      `${r.name}:`,
      `  live    ${r.live.version}  ${share} of visitors  ${figuresLine(r.live.figures)}`,
      ...(r.canary
        ? [
            `  canary  ${r.canary.version}  ${r.canary.percent}% of visitors since ${r.canary.startedAt}  ${figuresLine(r.canary.figures)}`,
          ]
        : []),
      ...(r.lastAbort
        ? [
            `  last abort: ${r.lastAbort.version} at ${r.lastAbort.at}, ${r.lastAbort.automatic ? 'automatically' : 'by an operator'}: ${r.lastAbort.reason}`,
          ]
        : []),
    ];
  });
  return [
    ...lines,
    `Figures since each canary started (else the last 24 hours); browsers' measurements count only with their page ` +
      `load's token, at most ${rule.pageLoadsPerAddress} page loads per client an hour (an IPv4 address or an IPv6 /48). Automatic abort: a ` +
      `canary with at least ${rule.minPageLoads} page loads, failures from at least ${rule.minFailingAddresses} ` +
      `networks (IPv4 /24s, IPv6 /48s) and an error rate more than ${(rule.errorMargin * 100).toFixed(1)} points ` +
      `above the live ` +
      `version's; or with at least ${rule.minRenderFailures} server renders that failed again on retry and a share ` +
      `of failed server renders more than that margin above the live version's.`,
  ].join('\n');
}

async function run(argv: string[], env: Env, db: Db): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      reason: { type: 'string' },
      json: { type: 'boolean' },
      to: { type: 'string' },
      label: { type: 'string' },
      expires: { type: 'string' },
      'skip-checks': { type: 'boolean' },
    },
  });
  // Tokens need no store: no import, no adoption.
  if (positionals[0] === 'token') return tokenCommand(db, positionals.slice(1), values);
  const stores = openObjectStores(env.objectStore);
  const storage = releaseStorage(db, stores.remotes, 'cli');
  const said = describeImport(await importStateFile(db, storage, env.remotesDir));
  if (said) console.error(said.message);
  // A folder store from before version manifests: its whole versions get theirs, so they can be made live again.
  if (stores.kind === 'file') await storage.files.adopt();
  const store = createRemoteStore(storage);
  const [command, name, dist] = positionals;
  const remote = () => {
    const parsed = RemoteNameSchema.safeParse(name);
    if (!parsed.success) throw new Error(`remote name must be one of ${REMOTE_NAMES.join(', ')}\n${usage}`);
    if (env.remoteUrls[parsed.data] && command !== 'status' && command !== 'history')
      throw new Error(
        `${parsed.data} is served from elsewhere (REMOTE_${parsed.data.toUpperCase()}_URL): release it there`,
      );
    return parsed.data;
  };

  // The same pre-flight checks as the release API's (version-checks.ts), started only when a publish needs them,
  // each check's line printed as the deploy client prints them.
  let runner: VersionChecks | undefined;
  const checks: VersionCheck | 'skip' = values['skip-checks']
    ? 'skip'
    : async (name, version) => {
        runner ??= operatorChecks(env, stores.remotes, storage.files, store);
        console.log(`${name} ${version}: pre-flight checks`);
        const report = await runner.run(name, version);
        for (const c of report.checks) console.log(`  ${c.passed ? 'pass' : 'FAIL'}  ${c.name}: ${c.detail}`);
        return report;
      };

  try {
    switch (command) {
      case 'publish': {
        if (!dist) throw new Error(usage);
        const r = remote();
        const folder = await buildFolder(r, dist, env.invokedFrom);
        if (values.canary === undefined) {
          const { version, changed } = await store.publish(r, folder, { checks });
          console.log(changed ? `${r}: live version is now ${version}` : `${r}: ${version} is already live`);
          return;
        }
        const percent = /^\d{1,2}$/.test(values.canary) ? Number(values.canary) : NaN;
        const { version, changed } = await store.publish(r, folder, { canary: percent, checks });
        console.log(
          changed
            ? `${r}: canary ${version} now serves ${percent}% of visitors; watch it with 'remotes status', then ` +
                `'remotes promote ${r}' or 'remotes abort ${r}'`
            : `${r}: ${version} already runs as the canary for ${percent}% of visitors`,
        );
        return;
      }
      case 'publish-all':
        for (const r of REMOTE_NAMES) {
          if (env.remoteUrls[r]) {
            console.log(`${r}: served from elsewhere (REMOTE_${r.toUpperCase()}_URL), not published`);
            continue;
          }
          const folder = await buildFolder(r, path.resolve(gatewayRoot, `../mfe-${r}/dist`), env.invokedFrom);
          const { version, changed } = await store.publish(r, folder, { checks });
          console.log(`${r}: ${version}${changed ? ' (now live)' : ' (unchanged)'}`);
        }
        return;
      case 'check': {
        const r = remote();
        if (!dist || checks === 'skip') throw new Error(`check needs a stored version of the remote\n${usage}`);
        if (!(await storage.files.has(r, dist))) throw new Error(`${r} ${dist} is not stored whole`);
        const report = await store.check(r, dist, checks);
        if (!report.passed) throw new Error(`${r} ${dist} was refused by its pre-flight checks; it can never be live`);
        console.log(`${r} ${dist}: pre-flight checks passed; it may be made live or a canary`);
        return;
      }
      case 'promote': {
        const r = remote();
        const { from, to } = await store.promote(r);
        console.log(`${r}: canary ${to} is now live for everyone (was ${from}; 'remotes rollback ${r}' returns to it)`);
        return;
      }
      case 'abort': {
        const r = remote();
        const aborted = await store.abort(r, { reason: values.reason ?? 'aborted by an operator' });
        console.log(`${r}: canary ${aborted!.version} aborted; everyone gets the live version again`);
        return;
      }
      case 'rollback': {
        const r = remote();
        const { from, to } = await store.rollback(r);
        console.log(`${r}: rolled back from ${from} to ${to}`);
        return;
      }
      case 'status': {
        const report = await releaseReport(db, store, env.remoteUrls, env.canaryRule);
        console.log(values.json ? JSON.stringify(report, null, 2) : statusText(report));
        return;
      }
      case 'history': {
        const rows = await releaseHistory(db, name === undefined ? {} : { remote: remote() });
        console.log(values.json ? historyJson(rows) : rows.map(historyLine).join('\n') || 'no release actions yet');
        return;
      }
      case 'prune': {
        const removed = [...(await store.prune()), ...(await pruneUploads(stores.remotes))];
        console.log(removed.join('\n') || 'nothing to prune');
        return;
      }
      case 'migrate-store': {
        if (!values.to?.startsWith('s3://'))
          throw new Error(`migrate-store needs --to s3://<bucket>/<prefix>\n${usage}`);
        if (stores.kind !== 'file')
          throw new Error(
            `OBJECT_STORE_URL already names a bucket (${env.objectStore.kind}): migrate-store copies from the folder ` +
              `store, so run it with the folder configuration the gateways used until now`,
          );
        // The target is read like OBJECT_STORE_URL itself (env.ts), with the same AWS_* variables.
        const target = openObjectStores(loadEnv({ ...process.env, OBJECT_STORE_URL: values.to }).objectStore);
        console.log(
          `copying from ${stores.remotes.location}, ${stores.contentImages.location} and ${stores.files.location}`,
        );
        console.log(migrationText(await migrateStore(stores, target), values.to));
        return;
      }
      default:
        throw new Error(usage);
    }
  } finally {
    await runner?.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const env = loadEnv(process.env);
  const database = createDb(env.databaseUrl, { authToken: env.databaseAuthToken });
  try {
    await database.init();
    await migrateDb(database.db, migrationsFolder);
    await run(argv, env, database.db);
  } finally {
    database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
