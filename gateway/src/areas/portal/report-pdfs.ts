import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { reportPdfThreads } from './report-pdf-threads';
import type { ReportView } from './report-view';

/** PDFs kept in memory, so the same report asked for again (a link opened twice, a send to ten people) is built once. */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A report's PDF by what it shows (decision 0113): built in the PDF thread, kept by the hash of its input, so an edit
 * makes a new one and a download after it never gets the old; the same PDF asked for while it builds waits for that
 * one build. What one link holder can make it cost is one build per edit of the report.
 */
export function reportPdfs(nodeEnv: string) {
  const threads = reportPdfThreads(nodeEnv);
  const cache = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (pdf) => pdf.length });
  const building = new Map<string, Promise<Buffer>>();
  return {
    pdfOf(view: ReportView): Promise<Buffer> {
      const key = hash('sha256', JSON.stringify(view.input));
      const kept = cache.get(key);
      if (kept) return Promise.resolve(kept);
      let pending = building.get(key);
      if (!pending) {
        pending = threads
          .build(view.input)
          .then((pdf) => {
            cache.set(key, pdf);
            return pdf;
          })
          .finally(() => building.delete(key));
        building.set(key, pending);
      }
      return pending;
    },
    close: () => threads.close(),
  };
}

export type ReportPdfs = ReturnType<typeof reportPdfs>;

/** `Client report 2026-10.pdf`, the name a report's PDF downloads as. */
export const pdfName = (view: ReportView) =>
  `${view.input.clientName} report ${view.input.report.reportDate.slice(0, 7)}.pdf`;
