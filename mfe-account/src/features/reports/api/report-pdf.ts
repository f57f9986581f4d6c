import { endpoints, pathOf } from '@agency/contracts';

/** A report's PDF: a plain link, so the browser saves it as it arrives (its name from the server). */
export const reportPdfUrl = (id: number) => pathOf(endpoints.reportPdf, { id });
