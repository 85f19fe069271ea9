/**
 * The clinic's PDF documents (prescriptions, receipts) with pdfkit, in fonts shipped with the
 * repository (server/documents/fonts, SIL Open Font License): Noto Sans for Latin text and Noto
 * Sans Devanagari for Hindi and Marathi. fontkit (pdfkit's font engine) shapes Devanagari
 * (conjuncts, reordered vowel signs, reph), but pdfkit falls back to no other font for a glyph a
 * font lacks, so a line is cut into runs by script and each run drawn in its font (`paragraph`).
 *
 * Each Devanagari run is drawn inside a marked-content span whose ActualText is the run as typed,
 * so text extraction (pdftotext, screen readers, copy and paste) gives the words in logical order
 * instead of the glyphs' visual order (a short i sign is drawn before its consonant).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../paths.js';
// pdfkit (and fontkit under it) is loaded with the first document, not at the server's start:
// about 28 MB and 0.3 s that most processes never need (the start time and memory budgets in npm run bench).
import type PDFDocument from 'pdfkit';

// From the package root: the same files whether the server runs bundled, compiled or from source.
const fontFile = (name: string) => path.join(packageRoot, 'server', 'documents', 'fonts', name);

export const fonts = {
  latin: fontFile('NotoSans-Regular.ttf'),
  latinBold: fontFile('NotoSans-Bold.ttf'),
  deva: fontFile('NotoSansDevanagari-Regular.ttf'),
  devaBold: fontFile('NotoSansDevanagari-Bold.ttf'),
} as const;

type Doc = InstanceType<typeof PDFDocument>;

const devanagari = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/;
const joiner = /[\u200C\u200D]/;

interface Run {
  deva: boolean;
  text: string;
}

/** A word cut into runs of Devanagari and of everything else (joiners stay with the run they join). */
export function scriptRuns(word: string): Run[] {
  const runs: Run[] = [];
  for (const ch of word) {
    const last = runs[runs.length - 1];
    const deva = devanagari.test(ch) || (joiner.test(ch) && last?.deva === true);
    if (last && last.deva === deva) last.text += ch;
    else runs.push({ deva, text: ch });
  }
  return runs;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
}

/**
 * The four fonts as fontkit parsed them, kept for the process: parsing them (and the shaping
 * tables fontkit decodes on first use) was two thirds of a document's CPU. A parsed font can be
 * shared as pdfkit keeps everything a document changes in its own wrapper (the glyph subset, the
 * widths and Unicode map written into that document), and fontkit's subsetting copies what it
 * rewrites. What fontkit keeps per font is its glyph objects, each carrying the characters it was
 * first reached by (pdfkit's Unicode map for copy and paste takes them): they are cleared for
 * each document, so a glyph two characters share (micro sign and Greek mu) maps back to the
 * character this document used first, as with a font of its own.
 */
interface ParsedFonts {
  /** pdfkit's class wrapping a parsed font for one document. */
  Embedded: new (doc: Doc, font: unknown, id: string) => unknown;
  byName: Record<keyof typeof fonts, { _glyphs: Record<number, unknown> }>;
}
let parsedFonts: ParsedFonts | null | undefined; // null: this pdfkit's internals differ, so each document parses its own
let fontBytes: Record<keyof typeof fonts, Buffer> | undefined;

// pdfkit's own fields, read and written only here: the fonts a document has opened by name.
interface PdfkitFonts {
  _font?: { font?: unknown; constructor: ParsedFonts['Embedded'] };
  _fontFamilies?: Record<string, unknown>;
  _fontCount?: number;
}

function registerFonts(doc: Doc): void {
  fontBytes ??= Object.fromEntries(Object.entries(fonts).map(([name, file]) => [name, readFileSync(file)])) as Record<keyof typeof fonts, Buffer>;
  const names = Object.keys(fonts) as (keyof typeof fonts)[];
  for (const name of names) doc.registerFont(name, fontBytes[name]);
  const own = doc as unknown as PdfkitFonts;
  if (parsedFonts === undefined) {
    // The first document parses the fonts; they are kept when pdfkit's fields are as expected.
    const byName: Partial<ParsedFonts['byName']> = {};
    let Embedded: ParsedFonts['Embedded'] | undefined;
    for (const name of names) {
      doc.font(name);
      const parsed = own._font?.font as { _glyphs?: unknown } | undefined;
      if (!parsed || typeof parsed._glyphs !== 'object' || parsed._glyphs === null) break;
      byName[name] = parsed as { _glyphs: Record<number, unknown> };
      Embedded = own._font!.constructor;
    }
    const complete = names.every((name) => byName[name]) && typeof own._fontFamilies === 'object' && typeof own._fontCount === 'number';
    parsedFonts = complete && Embedded ? { Embedded, byName: byName as ParsedFonts['byName'] } : null;
    return;
  }
  if (parsedFonts === null) return;
  for (const name of names) {
    const parsed = parsedFonts.byName[name];
    parsed._glyphs = {};
    own._fontCount! += 1;
    own._fontFamilies![name] = new parsedFonts.Embedded(doc, parsed, `F${own._fontCount}`);
  }
}

/** A4 with the clinic's margins, its fonts registered, and the document's metadata. */
export async function newDocument(info: { title: string; author: string }): Promise<Doc> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: info.title, Author: info.author, Creator: info.author }, lang: 'en-IN' });
  registerFonts(doc);
  doc.font('latin');
  return doc;
}

/**
 * Draws `text` from (x, doc.y) wrapped within `width`, each line on one baseline whatever its
 * scripts; line breaks in the text are kept. Moves doc.y below it (a new page when the text
 * reaches the bottom margin).
 */
export function paragraph(doc: Doc, text: string, style: TextStyle = {}, x = doc.page.margins.left, width = doc.page.width - doc.page.margins.left - doc.page.margins.right): void {
  const size = style.size ?? 10.5;
  const lineHeight = size * 1.55;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const font = (deva: boolean) => (deva ? (style.bold ? 'devaBold' : 'deva') : style.bold ? 'latinBold' : 'latin');
  doc.fillColor(style.color ?? '#1f2933').fontSize(size);
  let y = doc.y;
  const newLine = () => {
    y += lineHeight;
    if (y + lineHeight > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
  };
  for (const [index, textLine] of text.split(/\r?\n/).entries()) {
    if (index > 0) newLine();
    let cx = x;
    for (const word of textLine.split(/\s+/).filter(Boolean)) {
      const runs = scriptRuns(word);
      const width_ = runs.reduce((sum, r) => sum + doc.font(font(r.deva)).widthOfString(r.text), 0);
      const space = doc.font(font(false)).widthOfString(' ');
      if (cx > x && cx + width_ > x + width) {
        newLine();
        cx = x;
      }
      for (const r of runs) {
        doc.font(font(r.deva));
        if (r.deva) doc.markContent('Span', { actual: r.text });
        doc.text(r.text, cx, y + size, { lineBreak: false, baseline: 'alphabetic' });
        if (r.deva) doc.endMarkedContent();
        cx += doc.widthOfString(r.text);
      }
      cx += space;
    }
  }
  doc.x = x;
  doc.y = y + lineHeight;
}

/** A label and its value on one line (wrapped under the value's column when long). */
export function field(doc: Doc, label: string, value: string, labelWidth = 130): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const y = doc.y;
  paragraph(doc, label, { bold: true }, left, labelWidth - 8);
  const afterLabel = doc.y;
  doc.y = y;
  paragraph(doc, value === '' ? '-' : value, {}, left + labelWidth, width - labelWidth);
  doc.y = Math.max(doc.y, afterLabel);
}

export function rule(doc: Doc, gap = 6): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.y += gap;
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.6).strokeColor('#9aa5b1').stroke();
  doc.y += gap;
}

/** The finished document as bytes. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
