import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  packageOf,
  plainText,
  remoteScope,
  routes,
  SERVER_BUILD_FILE,
  SHARED_SINGLETONS,
  siteOfRemote,
  type PreflightReport,
  type PublicRuntimeConfig,
  type RemoteName,
  type RouteDef,
} from '@agency/contracts';
import { originOf, siteConfig } from '../../platform/http/sites';
import {
  MAX_MARKUP_BYTES,
  type FailureCause,
  type PoolResult,
  type RenderTask,
} from '../../platform/render/render-pool';
import type { SandboxPolicy } from '../../platform/render/sandbox-process';
import { browserChecks, CHECK_DEADLINE_MS } from './browser-checks';
import { runEntryCheck } from './entry-check';
import { gzipSizes, type GzipSizes } from './gzip-sizes';
import type { EntryCheckInput, EntryCheckOutput } from './remote-entry-program';

// Pre-flight checks (decision 0060): what a version must pass, after its files are stored and before any state
// transition may make it live or a canary. Each check says what it found in a sentence the pipeline prints and the
// Releases tab shows. A sentence never carries the team code's own words (its error messages, stacks): a failed
// render is named by a bounded, classified reason; what the manifest says is quoted made plain and cut (decision 0074).

const ManifestSchema = z.object({
  name: z.string(),
  metaData: z.object({ remoteEntry: z.object({ name: z.string().min(1) }) }),
  shared: z.array(z.object({ name: z.string(), version: z.string(), singleton: z.boolean().optional() })),
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }),
    }),
  ),
});
type Manifest = z.infer<typeof ManifestSchema>;

export interface PreflightDeps {
  /** A file of the stored version (it is sealed: the files are there and checked). */
  read(name: RemoteName, version: string, file: string): Promise<Buffer | null>;
  /** Every file of the stored version, by path. */
  files(name: RemoteName, version: string): Promise<string[]>;
  /** Evaluates a remote entry in its own process (default: entry-check.ts); decision 0080. */
  evaluate?(input: Omit<EntryCheckInput, 'runtime'>): Promise<EntryCheckOutput>;
  /** How that process is sandboxed: as the render processes are (decision 0073). */
  sandbox: SandboxPolicy;
  /** The version's server build as a local file, or null when it has none. */
  serverBuild(name: RemoteName, version: string): Promise<string | null>;
  /** The version's public path for the render (this gateway's /mfe/ or the asset base). */
  publicPath(name: RemoteName, version: string): string;
  /** The shell's build: its `mf-manifest.json` (the singletons it provides) and server build. */
  shellDir: string;
  /** Runs one render in a sandboxed render process (render-pool.ts), with the gateway's deadline. */
  render(task: RenderTask): Promise<PoolResult>;
  /** Has a process load the shell's server build first, as the gateway does at its start (not charged to a page). */
  warm(shellFile: string): Promise<void>;
  config: PublicRuntimeConfig;
  /** Each remote's budget for a page's initial JavaScript, gzip-compressed, in KiB. */
  budgetsKb: Record<RemoteName, number>;
  /** The version's gzip sizes, kept once made (gzip-sizes.ts); default: made off the main thread and forgotten. */
  gzipSizes?(name: RemoteName, version: string): Promise<GzipSizes>;
}

/** A check's sentence is at most this long, whatever the build named. */
export const DETAIL_MAX_CHARS = 1000;
const check = (name: PreflightReport['checks'][number]['name'], passed: boolean, detail: string) => ({
  name,
  passed,
  detail: plainText(detail, DETAIL_MAX_CHARS),
});
/** Something the build itself says (a name, a version in its manifest), quoted made plain and cut. */
const quoted = (text: string, max = 60) => JSON.stringify(plainText(text, max));
const major = (version: string) => /^\D*(\d+)/.exec(version)?.[1] ?? version;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Why a page failed to render, in the report's words (the process's classification, never the remote's text). */
const CAUSE_WORDS: Record<FailureCause, string> = {
  threw: 'threw',
  'unshared-module': 'needs a module the shell does not share',
  'no-pages': 'exports no pages()',
  'no-markup': 'rendered no markup',
  'too-large': 'rendered over 4 MiB of markup',
  'timed-out': 'timed out',
  'out-of-memory': 'ran out of memory',
  crashed: 'crashed',
};

/** The public pages the route table gives a remote (a page per item, `/blog/:slug`, is rendered by its list's). */
export const pagesOf = (remote: RemoteName): RouteDef[] => routes.filter((r) => r.owner === remote);

async function readManifest(
  deps: PreflightDeps,
  remote: RemoteName,
  version: string,
): Promise<{ error: string } | { manifest: Manifest }> {
  const bytes = await deps.read(remote, version, 'mf-manifest.json');
  if (!bytes) return { error: 'The build has no mf-manifest.json.' };
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { error: 'The build’s mf-manifest.json is not valid JSON.' };
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      error: `The build’s mf-manifest.json is not a federation manifest (${issue.path.join('.')} ${issue.message}).`,
    };
  }
  if (parsed.data.name !== remoteScope(remote))
    return {
      error: `The build’s mf-manifest.json names ${quoted(parsed.data.name)}, not ${remoteScope(remote)}: it is not a build of ${remote}.`,
    };
  return { manifest: parsed.data };
}

function sharedCheck(manifest: Manifest, shell: Manifest['shared'] | null) {
  if (!shell)
    return check(
      'shared',
      false,
      'The shell’s mf-manifest.json could not be read on the gateway, so shared modules were not compared.',
    );
  const singleton = (name: string) =>
    SHARED_SINGLETONS.some((spec) => (spec.endsWith('/') ? name.startsWith(spec) : name === spec));
  const problems: string[] = [];
  for (const entry of manifest.shared.filter((s) => singleton(s.name))) {
    const provided =
      shell.find((s) => s.name === entry.name) ?? shell.find((s) => packageOf(s.name) === packageOf(entry.name));
    const named = `${plainText(entry.name, 60)} ${plainText(entry.version, 30)}`;
    if (!provided) problems.push(`${named} is shared but the shell does not provide it`);
    else if (major(provided.version) !== major(entry.version))
      problems.push(`${named} does not match the shell’s ${provided.version}`);
    else if (entry.singleton === false) problems.push(`${plainText(entry.name, 60)} is not shared as a singleton`);
  }
  return problems.length
    ? check('shared', false, `Shared modules differ from the shell’s: ${problems.join('; ')}.`)
    : check('shared', true, 'Every shared singleton matches the version the shell provides.');
}

async function renderCheck(deps: PreflightDeps, remote: RemoteName, version: string) {
  const pages = pagesOf(remote).filter((r) => !r.roles && !r.content);
  if (pages.length === 0) return check('render', true, `${remote} has no public page to render on the server.`);
  const shellFile = path.resolve(deps.shellDir, SERVER_BUILD_FILE);
  const file = await deps.serverBuild(remote, version);
  if (!file)
    return check(
      'render',
      false,
      `The build has no server build (${SERVER_BUILD_FILE}), so its public pages cannot be rendered on the server.`,
    );
  const failures: string[] = [];
  // Rendered as the site that serves them renders them (decision 0077).
  const config = siteConfig(deps.config, siteOfRemote(remote));
  const renderPage = async (route: RouteDef) => {
    await deps.warm(shellFile);
    return deps.render({
      shellFile,
      remote: { name: remote, version, file, publicPath: deps.publicPath(remote, version) },
      module: route.module,
      url: originOf(config) + route.path,
      config,
      maxBytes: MAX_MARKUP_BYTES,
    });
  };
  for (const route of pages) {
    // A page that fails is rendered once more, as the gateway retries a failed page, so one slow moment on a busy
    // machine (a thread's cold start) does not refuse a release.
    let result = await renderPage(route);
    if (!result.ok && result.reason === 'unavailable')
      return check(
        'render',
        false,
        `Not checked: this gateway cannot run server code in its sandbox. ${result.summary}`,
      );
    if (!result.ok) result = await renderPage(route);
    if (!result.ok)
      failures.push(
        result.reason === 'cancelled' || result.reason === 'unavailable'
          ? `${route.path}: not rendered (the gateway stopped the check)`
          : `${route.path}: ${CAUSE_WORDS[result.cause]}${result.cause === 'timed-out' ? ' (past the render deadline)' : ''}`,
      );
    else if (result.missing) failures.push(`${route.path}: missing page ${route.module}`);
    else if (result.markup === null) failures.push(`${route.path}: rendered nothing`);
    // React marks a part it could not render because a component threw ("<!--$!-->") and leaves it to the browser.
    else if (result.markup.includes('<!--$!-->'))
      failures.push(`${route.path}: threw while rendering (React left the page to the browser)`);
  }
  return failures.length
    ? check('render', false, `The server build failed to render: ${failures.join('; ')}.`)
    : check(
        'render',
        true,
        `All ${pages.length} public pages rendered in the sandboxed render process within the deadline.`,
      );
}

/** Each page's initial JavaScript: the remote's entry and the page module's synchronous chunks, gzip-compressed. */
export async function initialJs(
  sizes: GzipSizes,
  manifest: Manifest,
  modules: readonly string[],
): Promise<Map<string, number>> {
  // Called once the files check found every file the manifest names: none is missing here.
  const gz = async (file: string) => (await sizes.size(file)) ?? 0;
  const result = new Map<string, number>();
  for (const module of modules) {
    const expose = manifest.exposes.find((e) => e.name === module);
    if (!expose) continue;
    let total = await gz(manifest.metaData.remoteEntry.name);
    for (const file of new Set(expose.assets.js.sync)) total += await gz(file);
    result.set(module, total);
  }
  return result;
}

/** The shared check with the browser build's own findings (browser-checks.ts) added to its refusal. */
function withProblems(shared: ReturnType<typeof check>, problems: string[]) {
  if (problems.length === 0) return shared;
  const found = `${problems.join('. ')}.`;
  return check('shared', false, shared.passed ? found : `${found} ${shared.detail}`);
}

/** Runs every check on a stored (sealed) version; checks that need a valid manifest are skipped without one. */
export async function preflight(deps: PreflightDeps, remote: RemoteName, version: string): Promise<PreflightReport> {
  const read = await readManifest(deps, remote, version);
  if ('error' in read) {
    const skipped = 'Not checked: the manifest must be valid first.';
    return {
      passed: false,
      checks: [
        check('manifest', false, read.error),
        check('files', false, skipped),
        check('pages', false, skipped),
        check('entry', false, skipped),
        check('shared', false, skipped),
        check('render', false, skipped),
        check('budget', false, skipped),
      ],
    };
  }
  const { manifest } = read;
  const exposed = new Set(manifest.exposes.map((e) => e.name));
  const modules = [...new Set(pagesOf(remote).map((r) => r.module))];
  const missing = modules.filter((m) => !exposed.has(m));
  let shell: Manifest['shared'] | null = null;
  try {
    shell = ManifestSchema.pick({ shared: true }).parse(
      JSON.parse(await readFile(path.join(deps.shellDir, 'mf-manifest.json'), 'utf8')),
    ).shared;
  } catch {
    shell = null;
  }
  const browser = await browserChecks(
    {
      read: (file) => deps.read(remote, version, file),
      files: () => deps.files(remote, version),
      evaluate:
        deps.evaluate ?? ((input) => runEntryCheck(input, { deadlineMs: CHECK_DEADLINE_MS, sandbox: deps.sandbox })),
    },
    remote,
    modules,
    shell,
  );
  const budget = deps.budgetsKb[remote] * 1024;
  // A file the manifest names but the build lacks is refused by the files check, never counted as 0 bytes.
  let sizes = new Map<string, number>();
  if (browser.complete) {
    const gz = deps.gzipSizes
      ? await deps.gzipSizes(remote, version)
      : await gzipSizes((file) => deps.read(remote, version, file));
    sizes = await initialJs(gz, manifest, modules);
    await gz.save();
  }
  const over = [...sizes].filter(([, size]) => size > budget);
  const largest = [...sizes].sort((a, b) => b[1] - a[1])[0];
  const checks = [
    check('manifest', true, `The manifest is valid and names ${remoteScope(remote)}.`),
    check('files', browser.files.passed, browser.files.detail),
    missing.length
      ? check('pages', false, `The build does not expose ${missing.join(', ')}, which the route table gives ${remote}.`)
      : check('pages', true, `The build exposes all ${modules.length} pages the route table gives ${remote}.`),
    check('entry', browser.entry.passed, browser.entry.detail),
    withProblems(sharedCheck(manifest, shell), browser.sharedProblems),
    await renderCheck(deps, remote, version),
    !browser.complete
      ? check('budget', false, 'Not checked: files the manifest names are missing.')
      : over.length
        ? check(
            'budget',
            false,
            `Initial JavaScript over the ${kb(budget)} budget: ${over.map(([m, s]) => `${m} ${kb(s)}`).join(', ')}.`,
          )
        : check(
            'budget',
            true,
            `Every page’s initial JavaScript is within the ${kb(budget)} budget${largest ? ` (largest: ${largest[0]}, ${kb(largest[1])})` : ''}.`,
          ),
  ];
  return { passed: checks.every((c) => c.passed), checks };
}
