import { buildReportPdf, type ReportPdfInput } from './report-pdf';

/** A report's PDF built in a worker thread (decision 0113): layout and font subsetting never hold the event loop. */
export default async function build(input: ReportPdfInput): Promise<Uint8Array> {
  return new Uint8Array(await buildReportPdf(input));
}
