import type { ReportPdfInput } from '../src/areas/portal/report-pdf';

export { buildReportPdf, type ReportPdfInput } from '../src/areas/portal/report-pdf';
export { reportPdfThreads } from '../src/areas/portal/report-pdf-threads';

/** A month with most figures, a gap in the chart, top queries and pages, staff's words and names with macrons. */
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
  narrative: [
    { heading: 'What we did', text: 'Rebuilt the services page for cafés in Hamilton.' },
    { heading: "What's next", text: 'Notes for the month.' },
  ],
};
