#!/usr/bin/env node
// Writes docs/decisions/README.md, the index of the decision records, from the records themselves: number, title,
// and the `Date: YYYY-MM-DD · Status: ...` line each record carries near its top. `--check` (run by `pnpm lint`)
// writes nothing and fails when a record has no such line or the index is not what this script would write, so a new
// record cannot land without its index line.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const indexPath = join(dir, 'README.md');

// Numbers with no record, and why. A gap not listed here is shown as "not written yet": a number handed out for
// work in progress. Those handed out and not landed yet may be cited already (a record landing beside its sibling);
// any other citation of a number without a record fails the docs check.
export const handedOut = new Set(['0073', '0074', '0075', '0076', '0077', '0078', '0083', '0084', '0088']);
const gapNotes = {
  '0036': 'never written',
  '0037': 'never written',
  '0038': 'never written',
  '0053': 'never written',
  '0056': 'never written; the choice it was to record (a gateway and database per e2e worker) is 0091',
};

const dateStatus = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/m;

export function readRecords(files = readdirSync(dir)) {
  const problems = [];
  const records = files
    .filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const number = file.slice(0, 4);
      const top = text.split('\n').slice(0, 6).join('\n');
      const found = dateStatus.exec(top);
      if (!found) problems.push(`${file}: no "Date: YYYY-MM-DD · Status: ..." line in its first lines`);
      const heading = /^# (.+)$/m.exec(text);
      if (!heading) problems.push(`${file}: no "# " title`);
      const title = (heading?.[1] ?? '').replace(/^\d{4}:?\s*/, '').trim();
      return { number, file, title, date: found?.[1] ?? '?', status: found?.[2].trim() ?? '?' };
    });
  return { records, problems };
}

export function renderIndex(records) {
  const numbers = new Set(records.map((r) => r.number));
  const last = Math.max(0, ...records.map((r) => Number(r.number)));
  const gaps = [];
  for (let n = 1; n <= last; n++) {
    const number = String(n).padStart(4, '0');
    if (!numbers.has(number))
      gaps.push(`| ${number} | ${gapNotes[number] ?? 'not written yet (handed out for work in progress)'} |`);
  }
  const cell = (text) => text.replaceAll('|', '\\|');
  return [
    '# Decision records',
    '',
    'Why the product is built the way it is: one record per structural choice, with its context, the decision and its',
    'consequences (often with measurements). Records are not rewritten when a later one changes them: the later record',
    'says what it supersedes, and the status below says which parts no longer hold. The product specification they',
    'refer to is in [../spec/](../spec/README.md).',
    '',
    'A new record is `NNNN-kebab-title.md` with a first line `Date: YYYY-MM-DD · Status: accepted` and the sections',
    'Context, Decision and Consequences. This index is written by `pnpm docs:decisions`; `pnpm lint` fails while it is',
    'out of date.',
    '',
    '| record | date | status |',
    '|---|---|---|',
    ...records.map((r) => `| [${r.number} ${cell(r.title)}](${r.file}) | ${r.date} | ${cell(r.status)} |`),
    '',
    '## Numbers without a record',
    '',
    '| number | why |',
    '|---|---|',
    ...gaps,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { records, problems } = readRecords();
  const index = renderIndex(records);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(indexPath, 'utf8');
    } catch {
      problems.push('docs/decisions/README.md is missing');
    }
    if (current && current !== index) problems.push('docs/decisions/README.md is out of date');
    if (problems.length) {
      console.error(
        `${problems.join('\n')}\nRun \`pnpm docs:decisions\` to write the index (and add any missing line).`,
      );
      process.exit(1);
    }
  } else {
    if (problems.length) {
      console.error(problems.join('\n'));
      process.exit(1);
    }
    writeFileSync(indexPath, index);
    console.log(`docs/decisions/README.md: ${records.length} records`);
  }
}
