import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { formatFigure, REPORT_FIGURES } from '@agency/contracts';
import type { ReportPdfInput } from './report-pdf';
import { reportPdfThreads } from './report-pdf-threads';

export const SAMPLE_REPORT: ReportPdfInput = {
  agency: { name: 'Waikato Digital', email: 'hello@example.nz', phone: '07 123 4567', website: 'example.nz' },
  clientName: 'Kirikiriroa Café Ōtorohanga',
  report: {
    reportDate: '2026-10-01',
    websiteTraffic: 12345,
    organicTraffic: 8000,
    paidTraffic: 2100,
    conversions: 140,
    conversionRate: 1.13,
    searchRanking: 7,
    backlinks: null,
    socialEngagement: null,
    socialEngagementRate: null,
    followerGrowth: -12,
    clickThroughRate: 3.4,
    costPerClick: 1.25,
    paidConversionRate: null,
    notes: 'Notes for the month.',
  },
  previous: {
    reportDate: '2026-09-01',
    websiteTraffic: 11000,
    organicTraffic: 7000,
    paidTraffic: 2500,
    conversions: 120,
    conversionRate: 1.09,
    searchRanking: 9,
    backlinks: null,
    socialEngagement: null,
    socialEngagementRate: null,
    followerGrowth: 4,
    clickThroughRate: 3.4,
    costPerClick: 1.3,
    paidConversionRate: null,
  },
  history: [
    { month: '2026-08', organic: 6900, paid: 2000 },
    { month: '2026-09', organic: null, paid: null },
    { month: '2026-10', organic: 8000, paid: 2100 },
  ],
  topQueries: [{ key: 'hamilton web design', clicks: 120, impressions: 3400, ctr: 0.0353, position: 4.2 }],
  topPages: [{ key: 'https://client.example.nz/services', clicks: 99, impressions: 2500, ctr: 0.0396, position: 5.1 }],
  narrative: [{ heading: 'What we did', text: 'Rebuilt the services page for cafés in Hamilton.' }],
};

const OUT = path.resolve(import.meta.dirname, '../../../test-results/report-pdf');

describe('a report as a PDF', () => {
  const threads = reportPdfThreads('test');
  afterAll(() => threads.close());

  it('holds the figures as the dashboard formats them, the changes, the names as written, and no picture', async () => {
    const pdf = await threads.build(SAMPLE_REPORT);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const { text } = await extractText(doc, { mergePages: true });
    expect(text).toContain('Kirikiriroa Café Ōtorohanga');
    expect(text).toContain('Report for October 2026');
    for (const figure of REPORT_FIGURES) {
      const value = SAMPLE_REPORT.report[figure.key];
      if (value === null) expect(text).not.toContain(figure.label);
      else expect(text).toContain(`${figure.label}\n${formatFigure(value, figure)}\n`);
    }
    expect(text).toContain('12,345');
    expect(text).toContain('+1,345 on September 2026');
    expect(text).toContain('−2 on September 2026');
    expect(text).toContain('hamilton web design');
    expect(text).toContain('Rebuilt the services page for cafés in Hamilton.');
    expect(text).toContain('Notes for the month.');
    // The chart and the logo are vector shapes: no page carries an image.
    for (let page = 1; page <= doc.numPages; page++) expect(await extractImages(doc, page)).toEqual([]);
  });

  it('says so when a month has no figures, and still builds', async () => {
    const empty = Object.fromEntries(REPORT_FIGURES.map((f) => [f.key, null]));
    const pdf = await threads.build({
      ...SAMPLE_REPORT,
      report: { ...SAMPLE_REPORT.report, ...empty, notes: null },
      previous: null,
      history: [],
      topQueries: [],
      topPages: [],
      narrative: [],
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('No figures were recorded for this month.');
    expect(text).not.toContain('Visits by month');
  });

  // Pages as pictures to look at (test-results/report-pdf/), where Debian's poppler-utils is installed.
  it.runIf(existsSync('/usr/bin/pdftoppm'))('turns into page images', async () => {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'sample.pdf'), await threads.build(SAMPLE_REPORT));
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', path.join(OUT, 'sample.pdf'), path.join(OUT, 'page')]);
    expect(statSync(path.join(OUT, 'page-1.png')).size).toBeGreaterThan(10_000);
  });
});
