import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_REPORT } from '../../../testing/report-pdf';
import { reportPdfThreads } from './report-pdf-threads';

const OUT = path.resolve(import.meta.dirname, '../../../test-results/report-pdf');

describe('a report as a PDF, as pictures', () => {
  const threads = reportPdfThreads('test');
  afterAll(() => threads.close());

  // Pages as pictures to look at (test-results/report-pdf/), where Debian's poppler-utils is installed.
  it.runIf(existsSync('/usr/bin/pdftoppm'))('turns into page images', async () => {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'sample.pdf'), await threads.build(SAMPLE_REPORT));
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', path.join(OUT, 'sample.pdf'), path.join(OUT, 'page')]);
    expect(statSync(path.join(OUT, 'page-1.png')).size).toBeGreaterThan(10_000);
  });
});
