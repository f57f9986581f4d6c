import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  changeOf,
  formatFigure,
  REPORT_FIGURES,
  reportMonth,
  type MonthlyReport,
  type ReportFigure,
  type ReportFigureKey,
} from '@agency/contracts';
import { drawTrafficChart, type ChartMonth } from './report-pdf-chart';

const require = createRequire(import.meta.url);
// Inter, the site's own face, embedded (subset) so names with macrons print as written, on any reader.
const FONTS = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
};

export const BRAND = { primary: '#e03306', dark: '#0f172a', muted: '#475569', line: '#e2e8f0', soft: '#fff4ed' };
const TONES = { better: '#15803d', worse: '#b91c1c', same: BRAND.muted } as const;

export interface RankedLine {
  key: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** What one report's PDF shows: the same figures the dashboard shows for it (decision 0113). */
export interface ReportPdfInput {
  agency: { name: string; email: string; phone: string; website: string };
  clientName: string;
  report: Pick<MonthlyReport, ReportFigureKey | 'reportDate' | 'notes'>;
  /** The calendar month before's report, for each figure's change. */
  previous: Pick<MonthlyReport, ReportFigureKey | 'reportDate'> | null;
  /** Visits by month for the chart, oldest first, ending with the report's month. */
  history: ChartMonth[];
  topQueries?: RankedLine[];
  topPages?: RankedLine[];
  /** Staff's words, each under its heading ("What we did", "What's next"). */
  narrative?: { heading: string; text: string }[];
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - MARGIN * 2;

/** The report as a PDF: text as text (searchable, readable by a screen reader), the chart as vector shapes. */
export function buildReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const month = reportMonth(input.report.reportDate);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${input.clientName}: monthly report, ${month}`,
      Author: input.agency.name,
      Subject: `Monthly marketing report for ${month}`,
    },
    lang: 'en-NZ',
    displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, input, month);
  figures(doc, input);
  if (input.history.some((m) => m.organic !== null || m.paid !== null)) {
    section(doc, 'Visits by month');
    doc.y = drawTrafficChart(doc, input.history, { x: MARGIN, y: doc.y, width: CONTENT, height: 170 }, BRAND) + 12;
  }
  if (input.topQueries?.length) ranked(doc, 'Top search queries', 'Query', input.topQueries);
  if (input.topPages?.length) ranked(doc, 'Top pages in search', 'Page', input.topPages);
  const words = [...(input.narrative ?? [])];
  for (const part of words.filter((w) => w.text.trim())) {
    section(doc, part.heading);
    doc.font('regular').fontSize(10).fillColor(BRAND.dark).text(part.text.trim(), { width: CONTENT, lineGap: 2 });
    doc.moveDown(0.8);
  }
  footer(doc, input);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, input: ReportPdfInput, month: string) {
  doc.rect(0, 0, A4.width, 88).fill(BRAND.primary);
  logo(doc, MARGIN, 24, 40);
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('#ffffff')
    .text(input.agency.name, MARGIN + 52, 28, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(10)
    .text('Monthly marketing report', MARGIN + 52, 50, { lineBreak: false });
  doc.y = 112;
  doc.x = MARGIN;
  doc.font('bold').fontSize(22).fillColor(BRAND.dark).text(input.clientName, { width: CONTENT });
  doc.font('regular').fontSize(12).fillColor(BRAND.muted).text(`Report for ${month}`, { width: CONTENT });
  doc.moveDown(1);
}

/** The agency's mark (the favicon's shapes), drawn as paths so it stays sharp at any zoom. */
function logo(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  doc.save();
  doc.translate(x, y).scale(size / 32);
  doc.roundedRect(0, 0, 32, 32, 7).fill('#ffffff');
  doc.path('M9 8h8.5a5 5 0 0 1 1.9 9.6A5.2 5.2 0 0 1 17.8 27H9z').fill(BRAND.primary);
  doc.path('M13 12v3.6h4a1.8 1.8 0 0 0 0-3.6zm0 7.2v4h4.5a2 2 0 0 0 0-4z').fill('#ffffff');
  doc.restore();
}

function section(doc: PDFKit.PDFDocument, title: string) {
  if (doc.y > A4.height - 160) doc.addPage();
  doc.x = MARGIN;
  doc.font('bold').fontSize(13).fillColor(BRAND.dark).text(title, { width: CONTENT });
  doc
    .moveTo(MARGIN, doc.y + 3)
    .lineTo(MARGIN + CONTENT, doc.y + 3)
    .lineWidth(0.75)
    .stroke(BRAND.line);
  doc.y += 10;
}

/** The figures the report has, three to a row, each with its change on the month before. */
function figures(doc: PDFKit.PDFDocument, { report, previous }: ReportPdfInput) {
  const shown = REPORT_FIGURES.filter((f) => report[f.key] !== null && report[f.key] !== undefined);
  section(doc, 'This month in figures');
  if (shown.length === 0) {
    doc.font('regular').fontSize(10).fillColor(BRAND.muted).text('No figures were recorded for this month.');
    doc.moveDown();
    return;
  }
  const columns = 3;
  const gap = 12;
  const width = (CONTENT - gap * (columns - 1)) / columns;
  const height = 62;
  const top = doc.y;
  shown.forEach((figure, i) => {
    const x = MARGIN + (i % columns) * (width + gap);
    const y = top + Math.floor(i / columns) * (height + gap);
    card(doc, figure, report[figure.key], previous, { x, y, width, height });
  });
  doc.x = MARGIN;
  doc.y = top + Math.ceil(shown.length / columns) * (height + gap) + 8;
}

function card(
  doc: PDFKit.PDFDocument,
  figure: ReportFigure,
  value: number | null | undefined,
  previous: ReportPdfInput['previous'],
  box: { x: number; y: number; width: number; height: number },
) {
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).fill(BRAND.soft);
  const inner = { width: box.width - 20, lineBreak: false } as const;
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(BRAND.muted)
    .text(figure.label, box.x + 10, box.y + 9, inner);
  doc
    .font('bold')
    .fontSize(17)
    .fillColor(BRAND.dark)
    .text(formatFigure(value, figure), box.x + 10, box.y + 22, inner);
  const change = previous
    ? changeOf(value, previous[figure.key], reportMonth(previous.reportDate), {
        suffix: figure.suffix,
        lowerIsBetter: figure.lowerIsBetter,
      })
    : null;
  if (change) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(TONES[change.tone])
      .text(
        change.tone === 'same' ? change.text : `${change.text} on ${reportMonth(previous!.reportDate)}`,
        box.x + 10,
        box.y + 44,
        inner,
      );
  }
}

function ranked(doc: PDFKit.PDFDocument, title: string, what: string, rows: RankedLine[]) {
  section(doc, title);
  const cols = [
    { label: what, width: CONTENT - 4 * 70, align: 'left' as const },
    { label: 'Clicks', width: 70, align: 'right' as const },
    { label: 'Impressions', width: 70, align: 'right' as const },
    { label: 'CTR', width: 70, align: 'right' as const },
    { label: 'Position', width: 70, align: 'right' as const },
  ];
  const line = (cells: string[], font: 'regular' | 'bold', colour: string) => {
    if (doc.y > A4.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc
        .font(font)
        .fontSize(9)
        .fillColor(colour)
        .text(cell, x, y, {
          width: cols[i]!.width - 6,
          align: cols[i]!.align,
          lineBreak: false,
          ellipsis: true,
        });
      x += cols[i]!.width;
    });
    doc.y = y + 15;
  };
  line(
    cols.map((c) => c.label),
    'bold',
    BRAND.muted,
  );
  for (const r of rows.slice(0, 10)) {
    line(
      [
        r.key,
        r.clicks.toLocaleString('en-NZ'),
        r.impressions.toLocaleString('en-NZ'),
        formatFigure(Math.round(r.ctr * 1000) / 10, { suffix: '%' }),
        formatFigure(Math.round(r.position * 10) / 10),
      ],
      'regular',
      BRAND.dark,
    );
  }
  doc.x = MARGIN;
  doc.moveDown(0.8);
}

function footer(doc: PDFKit.PDFDocument, { agency }: ReportPdfInput) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: lift it for this line, or pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(BRAND.muted)
      .text(
        `${agency.name} · ${agency.website} · ${agency.email} · ${agency.phone}    Page ${i + 1} of ${range.count}`,
        MARGIN,
        A4.height - 30,
        { width: CONTENT, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}
