export interface ChartMonth {
  /** YYYY-MM */
  month: string;
  organic: number | null;
  paid: number | null;
}

const short = new Intl.DateTimeFormat('en-NZ', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A round step for the value axis: 1, 2 or 5 times a power of ten, giving about four lines. */
function niceStep(max: number): number {
  const rough = Math.max(max, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
}

/**
 * Organic and paid visits by month as grouped bars, drawn with vector shapes (no image), the dashboard's colours. A
 * month without a figure is a gap, never a zero bar. Returns the y below the chart and its legend.
 */
export function drawTrafficChart(
  doc: PDFKit.PDFDocument,
  months: ChartMonth[],
  box: { x: number; y: number; width: number; height: number },
  colours: { primary: string; muted: string; line: string; dark: string },
): number {
  const shown = months.slice(-12);
  const max = Math.max(0, ...shown.flatMap((m) => [m.organic ?? 0, m.paid ?? 0]));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const axis = 40;
  const plot = { x: box.x + axis, y: box.y, width: box.width - axis, height: box.height - 34 };
  doc.font('regular').fontSize(8);
  for (let v = 0; v <= top; v += step) {
    const y = plot.y + plot.height - (v / top) * plot.height;
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(0.5)
      .stroke(colours.line);
    doc.fillColor(colours.muted).text(v.toLocaleString('en-NZ'), box.x, y - 4, {
      width: axis - 6,
      align: 'right',
      lineBreak: false,
    });
  }
  const slot = plot.width / Math.max(shown.length, 1);
  const bar = Math.min(18, slot / 3);
  shown.forEach((m, i) => {
    const centre = plot.x + slot * i + slot / 2;
    const draw = (value: number | null, x: number, colour: string) => {
      if (value === null) return;
      const h = (value / top) * plot.height;
      doc.rect(x, plot.y + plot.height - h, bar, h).fill(colour);
    };
    draw(m.organic, centre - bar - 1, colours.primary);
    draw(m.paid, centre + 1, colours.dark);
    doc
      .fillColor(colours.muted)
      .text(short.format(new Date(`${m.month}-01T00:00:00Z`)), centre - slot / 2, plot.y + plot.height + 5, {
        width: slot,
        align: 'center',
        lineBreak: false,
      });
  });
  const legendY = plot.y + plot.height + 20;
  const legend = (x: number, colour: string, label: string) => {
    doc.rect(x, legendY + 1, 8, 8).fill(colour);
    doc.fillColor(colours.dark).text(label, x + 12, legendY, { lineBreak: false });
  };
  legend(plot.x, colours.primary, 'Organic visits');
  legend(plot.x + 90, colours.dark, 'Paid visits');
  return legendY + 14;
}
