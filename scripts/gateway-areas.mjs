#!/usr/bin/env node
// Moves gateway/src into areas over a platform (decision 0092) and rewrites every relative import to match.
//
// Re-runnable: files already in their new home are left where they are, and every run
//   1. moves each file of the table below with `git mv` (a file of gateway/src the table does not name stops the run,
//      so a file added since is placed on purpose, never by accident),
//   2. rewrites relative specifiers in gateway/src, gateway/test and gateway/testing, and the `src/...` paths in the
//      gateway's build, test and drizzle configs and package scripts,
//   3. sends every import into an area from outside it through the area's index.ts, which it (re)writes with what
//      the rest of the gateway uses of the area,
//   4. rewrites `gateway/src/<old path>` in README.md and docs/ and `<old path>.ts` mentioned in the gateway's comments.
// Run from the repository root: `node scripts/gateway-areas.mjs` (add `--dry` to print the moves only).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const GATEWAY = path.join(ROOT, 'gateway');
const SRC = path.join(GATEWAY, 'src');
const DRY = process.argv.includes('--dry');

/** Old home (relative to gateway/src) -> new home. A folder entry (ending in `/`) moves every file below it. */
const TABLE = [
  // --- platform: what every area builds on; it imports no area
  ['db/', 'platform/db/'],
  ['storage/', 'platform/storage/'],
  ['files/', 'platform/files/'],
  ['render/', 'platform/render/'],
  ['calendar/', 'platform/calendar/'],
  ['outbox/', 'platform/outbox/'],
  // the two origins one gateway serves, told apart by host (decision 0077), and the public origin's refusal of the
  // portal's API: the route builder and every area's pages use them
  ['http/sites.ts', 'platform/http/sites.ts'],
  ['api/portal-only.ts', 'platform/http/portal-only.ts'],
  ['http/', 'platform/http/'],
  ['env.ts', 'platform/env.ts'],
  ['logger.ts', 'platform/logger.ts'],
  ['tracing.ts', 'platform/tracing.ts'],
  ['calls.ts', 'platform/calls.ts'],
  ['runtime.ts', 'platform/runtime.ts'],
  ['runtime.test.ts', 'platform/runtime.test.ts'],
  ['worker-module.ts', 'platform/worker-module.ts'],
  ['dependencies.ts', 'platform/dependencies.ts'],
  ['messaging.ts', 'platform/messaging.ts'],
  // the endpoint-route builder, what every area is handed, the API's own description
  ['api/routes.ts', 'platform/http/routes.ts'],
  ['api/deps.ts', 'platform/http/deps.ts'],
  ['api/openapi.ts', 'platform/http/openapi.ts'],
  ['api/openapi-summaries.ts', 'platform/http/openapi-summaries.ts'],
  // the guards the route builder applies, and the sessions and deploy tokens they read
  ['auth/access.ts', 'platform/http/guards/access.ts'],
  ['auth/session.ts', 'platform/http/guards/session.ts'],
  ['auth/step-up.ts', 'platform/http/guards/step-up.ts'],
  ['auth/deploy-token-auth.ts', 'platform/http/guards/deploy-token-auth.ts'],
  ['auth/deploy-tokens.ts', 'platform/http/guards/deploy-tokens.ts'],
  ['auth/sessions.ts', 'platform/sessions/sessions.ts'],
  ['auth/session-store.ts', 'platform/sessions/session-store.ts'],
  ['auth/session-lookup.ts', 'platform/sessions/session-lookup.ts'],
  ['auth/session-policy.ts', 'platform/sessions/session-policy.ts'],
  ['auth/session-policy.test.ts', 'platform/sessions/session-policy.test.ts'],
  ['ops/jobs.ts', 'platform/jobs/jobs.ts'],
  // mail: the sender and the texts more than one area sends
  ['email/mailer.ts', 'platform/mail/mailer.ts'],
  ['email/greeting.ts', 'platform/mail/greeting.ts'],
  ['email/templates.ts', 'platform/mail/templates.ts'],
  ['email/confirmations.ts', 'platform/mail/confirmations.ts'],
  // the chat webhook is a channel like mail (env reads its formats, messaging sends through it)
  ['leads/webhook.ts', 'platform/webhook/webhook.ts'],
  ['leads/webhook-text.ts', 'platform/webhook/webhook-text.ts'],
  // audit writers
  ['audit/record.ts', 'platform/audit/record.ts'],
  ['leads/data-audit.ts', 'platform/audit/data-audit.ts'],

  // --- areas
  // leads: the forms, the inbox, the follow-up clock's reminders and share, the export, retention, unsubscribes
  ['api/leads.ts', 'areas/leads/leads.ts'],
  ['api/capture-lead.ts', 'areas/leads/capture-lead.ts'],
  ['api/confirmations.ts', 'areas/leads/confirmations.ts'],
  ['api/admin-leads.ts', 'areas/leads/admin-leads.ts'],
  ['api/lead-export.ts', 'areas/leads/lead-export.ts'],
  ['api/lead-work.ts', 'areas/leads/lead-work.ts'],
  ['api/real-talk-audio.ts', 'areas/leads/real-talk-audio.ts'],
  ['leads/on-time.ts', 'areas/leads/follow-up-on-time.ts'],
  ['leads/reminders.ts', 'areas/leads/follow-up-reminders.ts'],
  ['leads/follow-up-backfill.ts', 'areas/leads/follow-up-backfill.ts'],
  ['leads/', 'areas/leads/'],
  // quotes
  ['api/quotes.ts', 'areas/quotes/quotes.ts'],
  ['api/discount-codes.ts', 'areas/quotes/discount-codes.ts'],
  // privacy
  ['api/privacy.ts', 'areas/privacy/privacy.ts'],
  ['api/privacy-admin.ts', 'areas/privacy/privacy-admin.ts'],
  ['api/privacy-copies.ts', 'areas/privacy/privacy-copies.ts'],
  ['api/privacy-rows.ts', 'areas/privacy/privacy-rows.ts'],
  ['email/privacy-templates.ts', 'areas/privacy/privacy-templates.ts'],
  ['privacy/', 'areas/privacy/'],
  // accounts: sign-in, second factors, passkeys, staff users
  ['api/auth.ts', 'areas/accounts/auth.ts'],
  ['api/second-factor.ts', 'areas/accounts/second-factor.ts'],
  ['api/account-security.ts', 'areas/accounts/account-security.ts'],
  ['api/admin-users.ts', 'areas/accounts/admin-users.ts'],
  ['email/security-notices.ts', 'areas/accounts/security-notices.ts'],
  ['auth/', 'areas/accounts/'],
  // content: posts, case studies, drafts, previews, images
  ['api/admin-content.ts', 'areas/content/admin-content.ts'],
  ['api/blog-posts.ts', 'areas/content/blog-posts.ts'],
  ['api/blog-previews.ts', 'areas/content/blog-previews.ts'],
  ['api/content-drafts.ts', 'areas/content/content-drafts.ts'],
  ['api/content-images.ts', 'areas/content/content-images.ts'],
  ['content/', 'areas/content/'],
  // portal: clients' files and messages
  ['api/portal.ts', 'areas/portal/portal.ts'],
  ['api/files.ts', 'areas/portal/files.ts'],
  ['api/tell-client.ts', 'areas/portal/tell-client.ts'],
  // releases
  ['releases/', 'areas/releases/'],
  // pages: the frontends' HTML, server render, page cache, sitemap and feed
  ['frontends/sitemap.ts', 'areas/pages/feed-and-sitemap.ts'],
  // the signed-in hint carried between the two origins, and the redirects from one to the other (decision 0078)
  ['frontends/cross-site.ts', 'areas/pages/cross-site.ts'],
  ['frontends/', 'areas/pages/'],
  // ops
  ['health.ts', 'areas/ops/health.ts'],
  ['api/outbox-admin.ts', 'areas/ops/outbox-admin.ts'],
  ['ops/', 'areas/ops/'],
  // audit: the trail's reader
  ['api/audit.ts', 'areas/audit/audit.ts'],

  // --- the composition: the process, the app and the API that mount the areas, and the operator commands
  ['api/index.ts', 'api.ts'],
  ['app.ts', 'app.ts'],
  ['main.ts', 'main.ts'],
  ['cli/', 'cli/'],
];

const posix = (p) => p.split(path.sep).join('/');
const listFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map(posix)
        .filter((f) => statSync(path.join(dir, f)).isFile())
    : [];

/** The new home of `file` (relative to src), or the file itself when it is already in one. */
function newHome(file) {
  for (const [from, to] of TABLE) {
    if (from.endsWith('/') ? file.startsWith(from) : file === from)
      return from.endsWith('/') ? to + file.slice(from.length) : to;
  }
  return undefined;
}
const isPlaced = (file) =>
  file.startsWith('areas/') ||
  file.startsWith('platform/') ||
  TABLE.some(([from, to]) => from === to && file === to) ||
  file.startsWith('cli/') ||
  file === 'api.ts';

// ---- 1. the moves
const before = listFiles(SRC);
const moves = new Map();
const unplaced = [];
for (const file of before) {
  if (isPlaced(file)) continue;
  const to = newHome(file);
  if (to === undefined) unplaced.push(file);
  else if (to !== file) moves.set(file, to);
}
if (unplaced.length) {
  console.error(`gateway-areas: no new home for ${unplaced.join(', ')}: add them to the table`);
  process.exit(1);
}
const collide = [...moves.values()].filter(
  (to, i, all) => all.indexOf(to) !== i || (existsSync(path.join(SRC, to)) && !moves.has(to)),
);
if (collide.length) {
  console.error(`gateway-areas: two files for ${collide.join(', ')}`);
  process.exit(1);
}
if (DRY) {
  for (const [from, to] of moves) console.log(`${from} -> ${to}`);
  process.exit(0);
}

/** Where a file now is, given where it was (the identity for files that stayed). */
const moved = (file) => moves.get(file) ?? file;

// Read every importer before moving anything: specifiers resolve against where files are now.
const SCANNED = ['src', 'test', 'testing'];
const importers = SCANNED.flatMap((dir) =>
  listFiles(path.join(GATEWAY, dir))
    .filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f))
    .map((f) => `${dir}/${f}`),
);
const known = new Set(importers.filter((f) => !f.startsWith('src/')).concat(before.map((f) => `src/${f}`)));
const SPEC = /(['"])(\.{1,2}\/[^'"\n]*)\1/g;

function resolveSpec(fromFile, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  if (/\.(ts|js)$/.test(spec) && known.has(base.replace(/\.js$/, '.ts')))
    return { target: base.replace(/\.js$/, '.ts'), form: 'file-ext' };
  if (known.has(`${base}.ts`)) return { target: `${base}.ts`, form: 'file' };
  if (known.has(`${base}/index.ts`)) return { target: `${base}/index.ts`, form: 'dir' };
  return undefined;
}

const areaOf = (srcFile) => (srcFile.startsWith('src/areas/') ? srcFile.split('/')[2] : undefined);
const isTest = (file) => file.startsWith('test/') || file.startsWith('testing/') || /\.test\.ts$/.test(file);

/** What the rest of the gateway uses of each area, file by file: names, or '*' for the whole module. */
const barrel = new Map();
const use = (area, file, names) => {
  if (!barrel.has(area)) barrel.set(area, new Map());
  const files = barrel.get(area);
  if (!files.has(file)) files.set(file, new Set());
  for (const n of names) files.get(file).add(n);
};

/** The names an import or export statement ending at `specIndex` takes from its module. */
function namesBefore(text, specIndex) {
  const start = Math.max(text.lastIndexOf(';', specIndex), text.lastIndexOf('\n\n', specIndex), 0);
  const statement = text.slice(start, specIndex);
  const m = statement.match(/(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\*|\w+)\s+from\s*$/);
  if (!m) return ['*'];
  if (!m[2].startsWith('{')) return m[2].startsWith('*') ? ['*'] : [`default as ${m[2]}`];
  const allType = Boolean(m[1]);
  return m[2]
    .slice(1, -1)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const typeOnly = allType || s.startsWith('type ');
      const name = s
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      return typeOnly ? `type ${name}` : name;
    });
}

/** On a second run: which file of an area each name of its index.ts comes from. */
const indexed = new Map();
for (const area of existsSync(path.join(SRC, 'areas')) ? readdirSync(path.join(SRC, 'areas')) : []) {
  const index = path.join(SRC, 'areas', area, 'index.ts');
  if (!existsSync(index)) continue;
  const names = new Map();
  const whole = [];
  for (const m of readFileSync(index, 'utf8').matchAll(/export\s+(\*|\{([^}]*)\})\s+from\s+'\.\/([^']+)'/g)) {
    if (m[1] === '*') whole.push(m[3]);
    else
      for (const n of m[2]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean))
        names.set(n.replace(/^type\s+/, '').replace(/^default as\s+/, ''), m[3]);
  }
  indexed.set(area, { names, whole });
}

/** `import { a } from '../x'; import { b } from '../x';` as one statement (what several files' imports become). */
function mergeImports(file, text) {
  const NAMED = /^import (type )?\{([^}]*)\} from '([^']+)';\n/gm;
  const first = new Map();
  const extra = [];
  for (const m of text.matchAll(NAMED)) {
    if (!/^src\/areas\/[a-z-]+$/.test(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[3])))) continue;
    const names = m[2]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => (m[1] && !n.startsWith('type ') ? `type ${n}` : n));
    if (!first.has(m[3])) first.set(m[3], { statement: m[0], names });
    else {
      first.get(m[3]).names.push(...names);
      extra.push(m[0]);
    }
  }
  let out = text;
  for (const statement of extra) out = out.replace(statement, '');
  for (const [spec, { statement, names }] of first) {
    const unique = [...new Set(names)];
    const allTypes = unique.every((n) => n.startsWith('type '));
    const list = allTypes ? unique.map((n) => n.slice(5)) : unique;
    out = out.replace(statement, `import ${allTypes ? 'type ' : ''}{ ${list.join(', ')} } from '${spec}';\n`);
  }
  return out;
}

const rewritten = new Map();
for (const file of importers) {
  const text = readFileSync(path.join(GATEWAY, file), 'utf8');
  const srcRel = (f) => f.slice('src/'.length);
  const newFile = file.startsWith('src/') ? `src/${moved(srcRel(file))}` : file;
  const fromArea = areaOf(newFile);
  let changed = false;
  const out = text.replace(SPEC, (whole, quote, spec, index) => {
    const hit = resolveSpec(file, spec);
    if (!hit) return whole;
    let target = hit.target.startsWith('src/') ? `src/${moved(srcRel(hit.target))}` : hit.target;
    let form = hit.form;
    const toArea = areaOf(target);
    if (toArea && toArea !== fromArea && !isTest(newFile) && target.endsWith(`areas/${toArea}/index.ts`)) {
      const known = indexed.get(toArea) ?? { names: new Map(), whole: [] };
      for (const name of namesBefore(text, index)) {
        const bare = name.replace(/^type\s+/, '').replace(/^default as\s+/, '');
        const from = known.names.get(bare);
        if (from) use(toArea, from, [name]);
        else for (const file of known.whole) use(toArea, file, ['*']);
      }
    }
    // Into an area from outside it: through the area's index.ts (tests may reach inside what they test).
    if (toArea && toArea !== fromArea && !isTest(newFile) && !target.endsWith(`areas/${toArea}/index.ts`)) {
      use(toArea, target.slice(`src/areas/${toArea}/`.length).replace(/\.ts$/, ''), namesBefore(text, index));
      target = `src/areas/${toArea}/index.ts`;
      form = 'dir';
    }
    if (form === 'dir' && !target.endsWith('/index.ts')) form = 'file';
    let next = path.posix.relative(path.posix.dirname(newFile), target);
    if (form === 'dir')
      next = path.posix.dirname(next) === '.' && next === 'index.ts' ? '.' : next.replace(/\/index\.ts$/, '');
    else if (form === 'file') next = next.replace(/\.ts$/, '');
    else if (spec.endsWith('.js')) next = next.replace(/\.ts$/, '.js');
    if (!next.startsWith('.')) next = `./${next}`;
    if (next === spec) return whole;
    changed = true;
    return `${quote}${next}${quote}`;
  });
  if (changed) rewritten.set(file, mergeImports(newFile, out));
}

for (const [from, to] of moves) {
  mkdirSync(path.dirname(path.join(SRC, to)), { recursive: true });
  execFileSync('git', ['mv', path.join(SRC, from), path.join(SRC, to)], { cwd: ROOT });
}
// git mv leaves the old folders behind, empty.
for (const dir of readdirSync(SRC, { recursive: true })
  .map((d) => path.join(SRC, d))
  .sort((a, b) => b.length - a.length))
  if (statSync(dir).isDirectory() && readdirSync(dir).length === 0) rmdirSync(dir);
for (const [file, text] of rewritten) {
  const newFile = file.startsWith('src/') ? `src/${moved(file.slice(4))}` : file;
  writeFileSync(path.join(GATEWAY, newFile), text);
}

// ---- 3. the areas' index files: what the rest of the gateway uses of each, and nothing else
for (const area of listFiles(path.join(SRC, 'areas'))
  .map((f) => f.split('/')[0])
  .filter((a, i, all) => all.indexOf(a) === i)) {
  const files = barrel.get(area) ?? new Map();
  const lines = [...files.keys()].sort().map((file) => {
    const names = [...files.get(file)];
    if (names.includes('*')) return `export * from './${file}';`;
    const sorted = [...new Set(names)].sort((a, b) =>
      a.replace(/^type |^default as /, '').localeCompare(b.replace(/^type |^default as /, '')),
    );
    const valueAndType = sorted.map((n) => (n.startsWith('default as ') ? `default as ${n.slice(11)}` : n));
    return `export { ${valueAndType.join(', ')} } from './${file}';`;
  });
  const indexFile = path.join(SRC, 'areas', area, 'index.ts');
  const header = `// What the rest of the gateway may use of the ${area} area (decision 0092); written by scripts/gateway-areas.mjs.\n`;
  writeFileSync(indexFile, header + lines.join('\n') + (lines.length ? '\n' : 'export {};\n'));
  execFileSync('git', ['add', indexFile], { cwd: ROOT });
}

// ---- 2b and 4. paths named as text: configs, package scripts, docs, comments
const pathMoves = [...moves].sort((a, b) => b[0].length - a[0].length);
const replacePaths = (text, prefix, opts = {}) => {
  let out = text;
  for (const [from, to] of pathMoves) {
    const re = new RegExp(`(?<![\\w-])${(prefix + from).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
    out = out.replace(re, prefix + to);
    if (opts.bare) {
      const bare = new RegExp(`(?<![\\w/.-])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
      out = out.replace(bare, to);
    }
  }
  return out;
};
const rewriteFile = (file, fn) => {
  if (!existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  const next = fn(text);
  if (next !== text) writeFileSync(file, next);
};
const testFiles = ['test', 'testing'].flatMap((d) => listFiles(path.join(GATEWAY, d)).map((f) => `${d}/${f}`));
for (const config of ['tsup.config.ts', 'drizzle.config.ts', 'vitest.config.ts', 'package.json', ...testFiles])
  rewriteFile(path.join(GATEWAY, config), (t) => replacePaths(t, 'src/').replace(/(['"])\.\/src\//g, '$1./src/'));
const docs = [
  'README.md',
  ...listFiles(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
for (const doc of docs) rewriteFile(path.join(ROOT, doc), (t) => replacePaths(t, 'gateway/src/'));
// Comments in the gateway name files by their path below src/ ("(releases/rum.ts)"): only whole paths with `.ts`.
const commentMoves = pathMoves.filter(([from]) => from.endsWith('.ts') && from.includes('/'));
for (const file of [
  ...SCANNED.flatMap((d) => listFiles(path.join(GATEWAY, d)).map((f) => path.join(GATEWAY, d, f))),
].filter((f) => f.endsWith('.ts')))
  rewriteFile(file, (t) => {
    let out = t;
    for (const [from, to] of commentMoves) {
      const re = new RegExp(`(?<![\\w/.-])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
      out = out.replace(re, (m, offset) => (/['"]/.test(out[offset - 1] ?? '') ? m : to));
    }
    return out;
  });

// The folded imports and the index files in the repository's format.
execFileSync(
  'pnpm',
  ['exec', 'prettier', '--write', '--log-level', 'warn', 'gateway/src', 'gateway/test', 'gateway/testing'],
  { cwd: ROOT, stdio: 'inherit' },
);

console.log(`gateway-areas: moved ${moves.size} files, rewrote imports in ${rewritten.size}`);
