/**
 * Initial JavaScript of /, /price-calculator, /auth (sign-in) and /dashboard (signed in as a client), or of the pages
 * named with --page, as a browser really loads it: federated (shell + remotes through Module Federation) beside the
 * same pages built as one single bundle (bench/single-bundle: the remotes' exposed modules imported directly). Run
 * `pnpm build` first.
 *   pnpm --filter @agency/bench bundle [-- --skip-build] [--files] [--page /website-calculator ...]
 * Bytes are gzip -9 of each script as served, split by who ships it: the shell, each shared package, each
 * remote. Prints the federated / single ratio per page (target on /: <= 1.25, decision 0043; the old 1.15 was withdrawn, docs/spec/decisions.md). Figures only.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath, startGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { buildSingleBundle, SINGLE_BUNDLE_DIR } from './single-bundle/build';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    'skip-build': { type: 'boolean', default: false },
    // List every script under its group, to see which chunk a change moved.
    files: { type: 'boolean', default: false },
    // Other pages instead of the usual four (repeat the option for each).
    page: { type: 'string', multiple: true },
    chromium: { type: 'string', default: chromiumPath },
  },
});

const repo = path.resolve(import.meta.dirname, '..');
const PAGES = values.page ?? ['/', '/price-calculator', '/auth', '/dashboard'];

interface Script {
  url: string;
  raw: number;
  gzip: number;
}

/** Which files of the shell's build hold a shared package (from its federation manifest). */
async function sharedFiles(): Promise<Map<string, string>> {
  const manifest = JSON.parse(await readFile(path.join(repo, 'shell/dist/mf-manifest.json'), 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const files = new Map<string, string>();
  for (const s of manifest.shared)
    for (const f of [...s.assets.js.sync, ...s.assets.js.async]) files.set(`/${f}`, s.name);
  return files;
}

/** Every script the page loads until its content is on screen and the network is quiet. */
async function scriptsOf(browser: Browser, origin: string, page: string): Promise<Script[]> {
  const context = await browser.newContext({ baseURL: origin });
  const tab = await context.newPage();
  const pending: Promise<Script | null>[] = [];
  tab.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => ({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  if (page === '/dashboard') {
    const name = `bundle${Date.now()}`;
    const res = await context.request.post('/api/register', {
      headers: { origin },
      data: { username: name, email: `${name}@example.nz`, password: 'Kahikatea#2025' },
    });
    if (res.status() !== 201) throw new Error(`register answered ${res.status()}`);
  }
  await tab.goto(page);
  const ready = page === '/dashboard' ? tab.getByRole('tablist') : tab.getByRole('heading', { level: 1 }).first();
  await ready.waitFor({ state: 'visible', timeout: 30_000 }).catch(async (error: unknown) => {
    throw new Error(`${page} did not render (${tab.url()}): ${(await tab.locator('main').innerText()).slice(0, 300)}`, {
      cause: error,
    });
  });
  await tab.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
  await context.close();
  return scripts;
}

function group(script: Script, shared: Map<string, string>): string {
  const remote = /^\/mfe\/(\w+)\//.exec(script.url)?.[1];
  if (remote) return `remote ${remote}`;
  const pkg = shared.get(script.url);
  return pkg ? 'shared (react, react-dom, router facade, zustand)' : 'shell';
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const sum = (xs: Script[], key: 'raw' | 'gzip') => xs.reduce((t, s) => t + s[key], 0);

async function measure(browser: Browser, shellDir?: string) {
  const gateway = await startGateway({ LOG_LEVEL: 'error', ...(shellDir ? { SHELL_DIR: shellDir } : {}) });
  try {
    const result = new Map<string, Script[]>();
    for (const page of PAGES) result.set(page, await scriptsOf(browser, gateway.url, page));
    return result;
  } finally {
    await gateway.stop();
  }
}

if (!values['skip-build']) {
  console.log('building the single-bundle variant...');
  await buildSingleBundle();
}
const shared = await sharedFiles();
const browser = await chromium.launch({
  executablePath: values.chromium,
  args: [...chromiumArgs],
});
try {
  const federated = await measure(browser);
  const single = await measure(browser, SINGLE_BUNDLE_DIR);

  console.log('Initial JavaScript per page (gzip -9 of what the browser loaded; raw in brackets)');
  for (const page of PAGES) {
    const fed = federated.get(page)!;
    const one = single.get(page)!;
    console.log(`\n${page}`);
    const groups = new Map<string, Script[]>();
    for (const s of fed) {
      const name = group(s, shared);
      groups.set(name, [...(groups.get(name) ?? []), s]);
    }
    for (const [name, scripts] of [...groups].sort((a, b) => sum(b[1], 'gzip') - sum(a[1], 'gzip'))) {
      console.log(
        `  ${name.padEnd(52)}${String(scripts.length).padStart(3)} files${kb(sum(scripts, 'gzip'))}  (${kb(sum(scripts, 'raw')).trim()})`,
      );
      if (values.files) for (const s of scripts) console.log(`      ${s.url.padEnd(52)}${kb(s.gzip)}`);
    }
    const fedGzip = sum(fed, 'gzip');
    const oneGzip = sum(one, 'gzip');
    console.log(
      `  ${'federated total'.padEnd(52)}${String(fed.length).padStart(3)} files${kb(fedGzip)}  (${kb(sum(fed, 'raw')).trim()})`,
    );
    console.log(
      `  ${'single bundle total'.padEnd(52)}${String(one.length).padStart(3)} files${kb(oneGzip)}  (${kb(sum(one, 'raw')).trim()})`,
    );
    const ratio = fedGzip / oneGzip;
    const target = page === '/' ? `   target <= 1.25: ${ratio <= 1.25 ? 'met' : 'NOT met'}` : '';
    console.log(`  federated / single = ${ratio.toFixed(3)}${target}`);
  }
} finally {
  await browser.close();
}
