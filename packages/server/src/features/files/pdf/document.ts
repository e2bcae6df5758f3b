/**
 * What every report PDF shares (docs/reports.md, "Files"): pdfkit on US
 * Letter with DejaVu Sans embedded (subset), so accents and ñ print on any
 * reader; a heading with the institution and platform names from the
 * settings; page numbers; and the few drawing pieces the reports use: titles,
 * paragraphs, figure lines and horizontal bar charts drawn with vector
 * primitives.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { BUSINESS_TIME_ZONE, displayDay, lazyFormatter, mexicoCityDay } from '@encuestas/core/dates';
import { formatCount } from '@encuestas/core/format';

const require = createRequire(import.meta.url);
/** Read once: every PDF embeds the subset of glyphs it uses. */
const FONT = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const FONT_BOLD = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

const MARGIN = 50;
/** US Letter (612 pt) less both margins. */
const CONTENT_WIDTH = 612 - 2 * MARGIN;
const INK = '#1f2937';
const MUTED = '#6b7280';
const BAR = '#1565c0';

export interface Branding {
  platformName: string;
  institutionName: string;
}

export type Pdf = PDFKit.PDFDocument;

/** The time of day a PDF was made, in Mexico City (its day is written with displayDay, as everywhere). */
const generatedTime = lazyFormatter('es-MX', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A new report: the heading drawn, ready for content. Call finish() when done. */
export function reportPdf(branding: Branding, title: string, subtitle: readonly string[]): Pdf {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: branding.institutionName, Creator: branding.platformName },
    lang: 'es-MX',
  });
  doc.registerFont('Sans', FONT);
  doc.registerFont('Sans-Bold', FONT_BOLD);
  doc.font('Sans-Bold').fontSize(9).fillColor(MUTED).text(`${branding.institutionName} · ${branding.platformName}`);
  doc.moveDown(0.4);
  doc.font('Sans-Bold').fontSize(17).fillColor(INK).text(title);
  doc.font('Sans').fontSize(10).fillColor(MUTED);
  for (const line of subtitle) doc.text(line);
  const now = new Date();
  doc.text(`Generado el ${displayDay(mexicoCityDay(now))} a las ${generatedTime().format(now)} (hora del centro de México)`);
  doc.moveDown(0.8);
  doc.fillColor(INK);
  return doc;
}

/** A new page when fewer than `height` points remain. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

export function heading(doc: Pdf, text: string, size = 13): void {
  ensureSpace(doc, size * 4);
  doc.moveDown(0.5);
  doc.font('Sans-Bold').fontSize(size).fillColor(INK).text(text, MARGIN);
  doc.moveDown(0.3);
}

export function paragraph(doc: Pdf, text: string, options: { muted?: boolean; size?: number } = {}): void {
  doc.font('Sans').fontSize(options.size ?? 10).fillColor(options.muted ? MUTED : INK).text(text, MARGIN);
  doc.fillColor(INK);
}

/** 'Label: value' lines, the label in bold (numbers written with core/format.ts). */
export function figures(doc: Pdf, rows: readonly [string, string][]): void {
  for (const [label, value] of rows) {
    ensureSpace(doc, 14);
    doc.font('Sans-Bold').fontSize(10).fillColor(INK).text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('Sans').text(value);
  }
}

export interface Bar {
  label: string;
  value: number;
  /** What is printed after the bar (default: the value). */
  caption?: string;
  color?: string;
}

/** Horizontal bars, one a line: label, bar scaled to `max` (default: the largest value), caption. */
export function barChart(doc: Pdf, bars: readonly Bar[], options: { max?: number } = {}): void {
  const labelWidth = 170;
  const barWidth = 240;
  const lineHeight = 15;
  const max = options.max ?? Math.max(0, ...bars.map((bar) => bar.value));
  const captionWidth = CONTENT_WIDTH - labelWidth - barWidth - 6;
  for (const bar of bars) {
    doc.font('Sans').fontSize(8.5);
    const caption = bar.caption ?? formatCount(bar.value);
    // A long label or caption (a count, its percentage and a mean) wraps: the line grows to hold it.
    const textHeight = Math.max(doc.heightOfString(bar.label, { width: labelWidth - 8 }), doc.heightOfString(caption, { width: captionWidth }));
    const height = Math.max(lineHeight, textHeight + 3);
    ensureSpace(doc, height);
    const y = doc.y;
    doc.fillColor(INK).text(bar.label, MARGIN, y, { width: labelWidth - 8 });
    const width = max > 0 ? (bar.value / max) * barWidth : 0;
    doc.rect(MARGIN + labelWidth, y + 1, barWidth, 9).fill('#eef2f7');
    if (width > 0) doc.rect(MARGIN + labelWidth, y + 1, Math.max(width, 1), 9).fill(bar.color ?? BAR);
    doc.fillColor(INK).text(caption, MARGIN + labelWidth + barWidth + 6, y, { width: captionWidth });
    doc.y = y + height;
  }
  doc.x = MARGIN;
  doc.moveDown(0.3);
}

/**
 * One bar split in coloured parts (NOM-035: workers per risk level), with a
 * caption under it listing each part.
 */
export function stackedBar(doc: Pdf, label: string, parts: readonly { label: string; value: number; color: string }[], caption: string): void {
  const width = CONTENT_WIDTH;
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  doc.font('Sans-Bold').fontSize(9);
  ensureSpace(doc, doc.heightOfString(label, { width }) + 40);
  doc.fillColor(INK).text(label, MARGIN, doc.y, { width });
  const y = doc.y + 2;
  let x = MARGIN;
  doc.rect(MARGIN, y, width, 12).fill('#eef2f7');
  for (const part of parts) {
    if (!total || !part.value) continue;
    const w = (part.value / total) * width;
    doc.rect(x, y, w, 12).fillAndStroke(part.color, '#9ca3af');
    x += w;
  }
  doc.font('Sans').fontSize(8.5).fillColor(INK).text(caption, MARGIN, y + 15, { width });
  doc.moveDown(0.4);
}

/** A square of colour before a text (the legend of the risk levels). */
export function swatchLine(doc: Pdf, color: string, title: string, text: string): void {
  doc.font('Sans').fontSize(9);
  const height = doc.heightOfString(`${title}. ${text}`, { width: CONTENT_WIDTH - 22 });
  ensureSpace(doc, height + 6);
  const y = doc.y;
  doc.rect(MARGIN, y + 1, 10, 10).fillAndStroke(color, '#9ca3af');
  doc.fillColor(INK).font('Sans-Bold').text(`${title}. `, MARGIN + 18, y, { width: CONTENT_WIDTH - 22, continued: true });
  doc.font('Sans').text(text);
  doc.moveDown(0.3);
}

/** Page numbers on every page, then the end of the document. */
export function finish(doc: Pdf): Pdf {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Sans').fontSize(8).fillColor(MUTED).text(`Página ${i + 1} de ${range.count}`, MARGIN, doc.page.height - 35, { width: CONTENT_WIDTH, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return doc;
}
