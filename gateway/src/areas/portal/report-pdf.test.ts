import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { formatFigure, REPORT_FIGURES } from '@agency/contracts';
import { SAMPLE_REPORT } from '../../../testing/report-pdf';
import { reportPdfThreads } from './report-pdf-threads';

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
});
