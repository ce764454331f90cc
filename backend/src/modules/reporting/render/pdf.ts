import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { formatCell, type ReportTable } from './report-table';

export interface PdfHeader {
  organizationName: string;
  primaryColor: string;
  secondaryColor: string;
  title: string;
  /** e.g. "2026-11-01 to 2026-11-30 (America/Chicago)" */
  range: string;
}

const HEX = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;
const color = (v: string, fallback: string) => (HEX.test(v) ? v : fallback);

/** Black or white, whichever reads better on the background (WCAG relative luminance). */
function textOn(background: string): string {
  let h = background.slice(1);
  if (h.length === 3) h = [...h].map((x) => x + x).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.35 ? '#000000' : '#ffffff';
}

const MARGIN = 40;
const ROW = 18;

/**
 * The report as a PDF (pdfkit): the organization's name on a band of its primary colour, the report and its
 * range, the table per class with its totals, the per-day figures of the chart, and "Page i of n" on every page.
 * Pages are buffered to number them, so this document is held in memory: it is the aggregated report (one row
 * per class or session, one per day), never one row per enrollment.
 */
export function pdfStream(h: PdfHeader, tables: ReportTable[]): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${h.title} - ${h.organizationName}` },
  });
  const primary = color(h.primaryColor, '#15385F');
  const secondary = color(h.secondaryColor, '#3384A9');
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;

  doc.rect(0, 0, doc.page.width, 70).fill(primary);
  doc
    .fillColor(textOn(primary))
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(h.organizationName, MARGIN, 24, { width, lineBreak: false, ellipsis: true });
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(h.title, MARGIN, 90);
  doc.font('Helvetica').fontSize(11).fillColor('#333333').text(h.range, MARGIN, 112);
  doc.y = 140;

  for (const table of tables) {
    const first = table.columns.length > 4 ? 0.24 : 0.4;
    const widths = table.columns.map((_, i) => (i === 0 ? width * first : (width * (1 - first)) / (table.columns.length - 1)));
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const drawRow = (cells: string[], opts: { fill?: string; text?: string; bold?: boolean; header?: boolean }) => {
      const height = opts.header ? 2 * ROW - 4 : ROW;
      if (doc.y + height > bottom()) {
        doc.addPage();
        doc.y = MARGIN;
        drawHeader();
      }
      const y = doc.y;
      if (opts.fill) doc.rect(MARGIN, y, width, height).fill(opts.fill);
      doc
        .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(opts.text ?? '#000000');
      cells.forEach((cell, i) => {
        const align = i === 0 || table.columns[i].kind === 'text' ? 'left' : 'right';
        // A header may take two lines ('Average per student ($)'); a figure stays on one.
        const box = opts.header ? { height: height - 6 } : { lineBreak: false, ellipsis: true };
        doc.text(cell, xs[i] + 4, y + 5, { width: widths[i] - 8, align, ...box });
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width, y + height)
        .lineWidth(0.5)
        .strokeColor('#dddddd')
        .stroke();
      doc.y = y + height;
    };
    const drawHeader = () =>
      drawRow(
        table.columns.map((c) => c.header),
        { fill: secondary, text: textOn(secondary), bold: true, header: true },
      );

    if (doc.y + 3 * ROW + 24 > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
    }
    doc.font('Helvetica-Bold').fontSize(12).fillColor(primary).text(table.title, MARGIN, doc.y);
    doc.y += 6;
    drawHeader();
    if (table.rows.length === 0) drawRow(['No data for this range', ...table.columns.slice(1).map(() => '')], {});
    for (const row of table.rows)
      drawRow(
        row.map((v, i) => formatCell(v, table.columns[i].kind)),
        {},
      );
    if (table.totals)
      drawRow(
        table.totals.map((v, i) => formatCell(v, table.columns[i].kind)),
        { fill: '#f0f0f0', bold: true },
      );
    doc.y += 20;
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would add a page: lift the margin while the footer is written.
    const m = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(`${h.organizationName} - ${h.title} - ${h.range}`, MARGIN, doc.page.height - MARGIN + 10, {
      width: width * 0.7,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN + 10, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = m;
  }
  doc.end();
  return doc;
}
