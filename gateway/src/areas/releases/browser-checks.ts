import { satisfy } from '@module-federation/runtime-core';
import { z } from 'zod';
import { packageOf, remoteScope, SHARED_SINGLETONS, type RemoteName } from '@agency/contracts';
import type { EntryCheckInput, EntryCheckOutput, PageOutcome } from './remote-entry-program';

// The pre-flight checks of a remote's browser build (decision 0080): the files its manifest names, its remote entry
// evaluated as the shell loads it, and the singletons it must take from the shell rather than bundle. Kept apart
// from preflight.ts, which runs them beside the manifest, render and budget checks.

const Assets = z.object({
  js: z.object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) }).optional(),
  css: z.object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) }).optional(),
});
/** What these checks read of `mf-manifest.json` (preflight.ts has checked the rest). */
const BrowserManifest = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string().min(1), path: z.string().default('') }) }),
  shared: z.array(
    z.object({
      name: z.string(),
      version: z.string(),
      requiredVersion: z.string().optional(),
      assets: Assets.optional(),
    }),
  ),
  exposes: z.array(z.object({ name: z.string(), assets: Assets.optional() })),
});
type BrowserManifest = z.infer<typeof BrowserManifest>;

export interface BrowserCheckDeps {
  /** A file of the stored version, or null when it has none. */
  read(file: string): Promise<Buffer | null>;
  /** Every file of the stored version, by path. */
  files(): Promise<string[]>;
  /** Evaluates the remote entry in its own process (entry-check.ts). */
  evaluate(input: Omit<EntryCheckInput, 'runtime'>): Promise<EntryCheckOutput>;
}

export interface Check {
  name: 'files' | 'entry';
  passed: boolean;
  detail: string;
}

/** The JavaScript sent to the entry check, at most (quoting's whole browser build is about 1 MB). */
const SCRIPTS_MAX_BYTES = 32 * 1024 * 1024;
/** A script's synchronous run, and the whole check, at most. */
const SCRIPT_TIMEOUT_MS = 5_000;
const CHECK_DEADLINE_MS = 30_000;

const isSingleton = (name: string) =>
  SHARED_SINGLETONS.some((spec) => (spec.endsWith('/') ? name.startsWith(spec) : name === spec));
const listed = (assets: z.infer<typeof Assets> | undefined) => [
  ...(assets?.js?.sync ?? []),
  ...(assets?.js?.async ?? []),
  ...(assets?.css?.sync ?? []),
  ...(assets?.css?.async ?? []),
];
const listing = (names: readonly string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
const entryFile = (m: BrowserManifest) =>
  [m.metaData.remoteEntry.path, m.metaData.remoteEntry.name].filter(Boolean).join('/');

/**
 * Strings only React's own packages carry (their internals' names) and only react-router carries (its error for a
 * hook used outside a router): found in a file that is not the build's shared fallback for that package, they are a
 * bundled copy of it.
 */
const MARKERS: { singleton: string; marker: string }[] = [
  { singleton: 'react-dom', marker: '__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE' },
  { singleton: 'react', marker: '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE' },
  { singleton: '@agency/contracts/router', marker: 'may be used only in the context of a <Router> component' },
];

const PAGE_WORDS: Record<Exclude<PageOutcome, 'ok'>, string> = {
  missing: 'is not exposed',
  threw: 'threw while loading',
  'not-a-module': 'loaded as something other than a module',
  'timed-out': 'did not finish loading',
};

/** Runs the browser build's checks; `shell` is the shell's shared modules (name, version) from its manifest. */
export async function browserChecks(
  deps: BrowserCheckDeps,
  remote: RemoteName,
  modules: readonly string[],
  shell: readonly { name: string; version: string }[] | null,
): Promise<{ files: Check; entry: Check; sharedProblems: string[]; complete: boolean }> {
  const raw = await deps.read('mf-manifest.json');
  const parsed = raw ? BrowserManifest.safeParse(JSON.parse(raw.toString('utf8'))) : null;
  if (!parsed?.success) {
    const skipped = 'Not checked: the manifest must be valid first.';
    return {
      files: { name: 'files', passed: false, detail: skipped },
      entry: { name: 'entry', passed: false, detail: skipped },
      sharedProblems: [],
      complete: false,
    };
  }
  const manifest = parsed.data;
  const all = await deps.files();
  const have = new Set(all);
  const named = [
    ...new Set([
      entryFile(manifest),
      ...manifest.exposes.flatMap((e) => listed(e.assets)),
      ...manifest.shared.flatMap((s) => listed(s.assets)),
    ]),
  ];
  const missing = named.filter((file) => !have.has(file));
  const files: Check = missing.length
    ? {
        name: 'files',
        passed: false,
        detail:
          `mf-manifest.json names ${missing.length} file${missing.length === 1 ? '' : 's'} the build does not have ` +
          `(${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}): upload the whole dist/ folder ` +
          `the build wrote, and let nothing rename or remove files after it.`,
      }
    : { name: 'files', passed: true, detail: `All ${named.length} files mf-manifest.json names are in the build.` };

  // The browser's JavaScript (the server build is checked by rendering).
  const scripts: Record<string, string> = {};
  let bytes = 0;
  for (const file of all.filter((f) => f.endsWith('.js') && !f.startsWith('ssr/'))) {
    const content = await deps.read(file);
    if (!content) continue;
    bytes += content.length;
    if (bytes > SCRIPTS_MAX_BYTES)
      return {
        files,
        entry: {
          name: 'entry',
          passed: false,
          detail: `The build's browser JavaScript is over ${SCRIPTS_MAX_BYTES / 1024 / 1024} MiB, too large to load.`,
        },
        sharedProblems: [],
        complete: missing.length === 0,
      };
    scripts[file] = content.toString('utf8');
  }
  const singletons = (shell ?? []).filter((s) => isSingleton(s.name)).map(({ name, version }) => ({ name, version }));
  const result = await deps.evaluate({
    scope: remoteScope(remote),
    entry: entryFile(manifest),
    scripts,
    otherFiles: all.filter((f) => !(f in scripts)),
    modules: [...modules],
    shared: singletons,
    scriptTimeoutMs: SCRIPT_TIMEOUT_MS,
  });
  const entry = entryCheck(remote, entryFile(manifest), modules, result);

  const sharedProblems: string[] = [];
  const copies = new Set<string>();
  if (result.entry === 'ok' && !result.consumed.some((n) => packageOf(n) === 'react')) copies.add('react');
  const fallbacks = new Set(manifest.shared.filter((s) => isSingleton(s.name)).flatMap((s) => listed(s.assets)));
  for (const [file, code] of Object.entries(scripts)) {
    if (fallbacks.has(file)) continue;
    for (const { singleton, marker } of MARKERS) if (code.includes(marker)) copies.add(singleton);
  }
  // React's internals are also read by react-dom: a file with react-dom's marker names react-dom, not react.
  if (copies.has('react-dom') && result.entry === 'ok' && result.consumed.some((n) => packageOf(n) === 'react'))
    copies.delete('react');
  const bundled = SHARED_SINGLETONS.filter((spec) => copies.has(spec));
  if (bundled.length)
    sharedProblems.push(
      `The build bundles its own ${bundled.length === 1 ? 'copy' : 'copies'} of ${listing(bundled)} instead of ` +
        `sharing the shell's: add ${bundled.length === 1 ? 'it' : 'them'} to \`shared\` in ` +
        `module-federation.config.ts (remoteFederationConfig from @agency/contracts/build shares every singleton ` +
        `the shell provides)`,
    );
  for (const entryShared of manifest.shared.filter((s) => isSingleton(s.name) && s.requiredVersion)) {
    const provided =
      shell?.find((s) => s.name === entryShared.name) ??
      shell?.find((s) => packageOf(s.name) === packageOf(entryShared.name));
    if (provided && !satisfy(provided.version, entryShared.requiredVersion!))
      sharedProblems.push(
        `${entryShared.name} is required at ${entryShared.requiredVersion!.slice(0, 40)} but the shell provides ` +
          `${provided.version}: build against the versions the shell uses`,
      );
  }
  return { files, entry, sharedProblems, complete: missing.length === 0 };
}

function entryCheck(remote: RemoteName, file: string, modules: readonly string[], result: EntryCheckOutput): Check {
  const scope = remoteScope(remote);
  const fail = (detail: string): Check => ({ name: 'entry', passed: false, detail });
  switch (result.entry) {
    case 'missing':
      return fail(`The build has no ${file}, so the shell could not load any ${remote} page.`);
    case 'threw':
      return fail(
        `${file} threw when it ran in a browser-like sandbox, so the shell could not load any ${remote} page: open ` +
          `the build's stand-alone page and read the error in the browser's console.`,
      );
    case 'timed-out':
      return fail(`${file} and ${remote}'s pages did not finish loading within ${CHECK_DEADLINE_MS / 1000} s.`);
    case 'no-container':
      return fail(
        `${file} ran but defined no container ${scope} (with get and init), so the shell could not load ${remote}'s ` +
          `pages: build it with remoteFederationConfig from @agency/contracts/build.`,
      );
    case 'unavailable':
      return fail(`Not checked: this gateway cannot run team code in its sandbox. ${result.summary}`);
    case 'no-runtime':
      return fail(`Not checked: the shell's federation runtime did not start in the check (the gateway's fault).`);
    case 'ok': {
      const failed = modules.filter((m) => result.pages[m] !== 'ok');
      if (failed.length)
        return fail(
          `Page modules the route table gives ${remote} did not load from ${file}: ` +
            `${failed.map((m) => `${m} ${PAGE_WORDS[result.pages[m] as Exclude<PageOutcome, 'ok'>] ?? 'failed'}`).join('; ')}.`,
        );
      return {
        name: 'entry',
        passed: true,
        detail: `${file} defines ${scope}, and all ${modules.length} page modules the route table gives ${remote} load from it in a browser-like sandbox.`,
      };
    }
  }
}

export { CHECK_DEADLINE_MS };
