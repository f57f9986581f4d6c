import { oneThread } from '../../platform/one-thread';
import type { ReportPdfInput } from './report-pdf';

/** A PDF still building after this long is given up: a report is two or three pages, built in well under a second. */
const DEADLINE_MS = 30_000;

/** Report PDFs built off the event loop in one thread (decision 0113), so downloads and sends never hold the site. */
export function reportPdfThreads(nodeEnv: string) {
  const thread = oneThread<ReportPdfInput, Uint8Array>(import.meta.url, 'report-pdf-worker', {
    nodeEnv,
    deadlineMs: DEADLINE_MS,
  });
  return {
    build: async (input: ReportPdfInput): Promise<Buffer> => {
      const bytes = await thread.run(input);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: thread.close,
  };
}

export type ReportPdfThreads = ReturnType<typeof reportPdfThreads>;
