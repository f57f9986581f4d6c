#!/usr/bin/env node
// The documentation's own checks, run by `pnpm lint` (decision 0090): the README stays a signpost (at most 200
// lines), every relative link in a Markdown file reaches a file (and a heading, when it names one), no comment or
// document cites an issue number, a decision record that does not exist or a spec section without its file (the
// spec is in docs/spec/), and the decision index is current.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handedOut, readRecords, renderIndex } from './decisions-index.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];

const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)));
const textFiles = tracked.filter(
  (file) =>
    /\.(md|ts|tsx|mts|mjs|js|cjs|json|css|yaml|yml|sh|html)$/.test(file) &&
    !/(^|\/)(pnpm-lock\.yaml|drizzle\/meta\/.*|package\.json)$/.test(file) &&
    !file.startsWith('docs/spec/') &&
    statSync(join(root, file)).size < 2_000_000,
);

// 1. The README signposts; the guides hold the detail.
const readmeLines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length - 1;
if (readmeLines > 200) problems.push(`README.md has ${readmeLines} lines; at most 200 (move detail into docs/)`);

// 2. Citations: an issue number is not something a reader of the repository can open; a decision number must exist.
const recordNumbers = new Set(readRecords().records.map((r) => r.number));
// A bare "#" and a number in this code base is a lead's or a record's number; a citation is the word issue and a number.
const issueCitation = /\bissues?[ -]?#?\d+|\bissue's\b/gi;
const decisionCitation = /\b(?:decisions?|docs\/decisions\/)\s*(\d{4})\b/gi;
for (const file of textFiles) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const match of line.matchAll(issueCitation)) {
      problems.push(`${where}: cites "${match[0]}"; cite a decision record (docs/decisions) or say what it was`);
    }
    // A section of the product spec names its file (docs/spec/site-and-accounts.md or leads-and-quoting.md).
    for (const match of line.matchAll(/§\d/g)) {
      const before = `${lines[i - 1] ?? ''}\n${line.slice(0, match.index)}`;
      if (!/site-and-accounts|leads-and-quoting|RFC \d+|§/.test(before) && !file.startsWith('docs/spec/'))
        problems.push(
          `${where}: cites ${match[0]} without naming the spec file (site-and-accounts or leads-and-quoting)`,
        );
    }
    for (const match of line.matchAll(decisionCitation)) {
      if (!recordNumbers.has(match[1]) && !handedOut.has(match[1]))
        problems.push(`${where}: cites decision ${match[1]}, which has no record`);
    }
  });
}

// 3. Relative links in Markdown reach a file, and the heading they name.
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    anchorsOf.set(file, new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]))));
  }
  return anchorsOf.get(file);
}
for (const file of textFiles.filter((f) => f.endsWith('.md'))) {
  const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    // Addresses on the site (`/blog/...`) and elsewhere (`https:`) are not files of the repository.
    if (/^([a-z]+:|\/)/i.test(target)) continue;
    const [path, anchor] = target.split('#');
    const to = path ? resolve(root, dirname(file), path) : join(root, file);
    if (!existsSync(to)) {
      problems.push(`${file}: link to ${target}: no such file`);
    } else if (anchor && to.endsWith('.md') && !anchors(to).has(anchor)) {
      problems.push(`${file}: link to ${target}: ${relative(root, to)} has no heading "${anchor}"`);
    }
  }
}

// 4. The decision index is what `pnpm docs:decisions` writes.
const { records, problems: recordProblems } = readRecords();
problems.push(...recordProblems);
const indexPath = join(root, 'docs', 'decisions', 'README.md');
if (!existsSync(indexPath) || readFileSync(indexPath, 'utf8') !== renderIndex(records)) {
  problems.push('docs/decisions/README.md is out of date: run `pnpm docs:decisions`');
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} documentation problem(s)`);
  process.exit(1);
}
console.log(`docs: README ${readmeLines} lines, ${records.length} decision records indexed, links and citations ok`);
