import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newDocument, paragraph, toBuffer } from '../../server/documents/pdf.js';

// The fonts are parsed once per process and shared by every document (server/documents/pdf.ts):
// each document still embeds only the glyphs it drew, and its text reads back as written.
const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-fonts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function render(text: string, bold = false) {
  const doc = await newDocument({ title: 'Fonts', author: 'Test' });
  paragraph(doc, text, { bold });
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await toBuffer(doc));
  return {
    doc,
    // The words as extracted, sorted: pdftotext lays Devanagari spans out by their own rules.
    words: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).split(/\s+/).filter(Boolean).sort(),
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
  };
}

const parsedFont = (doc: unknown, name: string) => (doc as { _fontFamilies: Record<string, { font: unknown }> })._fontFamilies[name]?.font;

describe('PDF fonts', () => {
  it('parses the fonts once and shares them between documents', async () => {
    const first = await render('Paracetamol 500 mg');
    const second = await render('Amoxicillin 250 mg');
    for (const name of ['latin', 'latinBold', 'deva', 'devaBold']) {
      expect(parsedFont(first.doc, name)).toBeDefined();
      expect(parsedFont(second.doc, name)).toBe(parsedFont(first.doc, name));
    }
  });

  it('gives each document its own subset and its own text', async () => {
    const latin = await render('Paracetamol 500 mg, 5 days');
    const hindi = await render('एक गोली दिन में तीन बार', true);
    const marathi = await render('दोन वेळा जेवणानंतर घ्या');
    const again = await render('Rest and fluids');
    const words = (text: string) => text.split(' ').sort();
    expect(latin.words).toEqual(words('Paracetamol 500 mg, 5 days'));
    expect(hindi.words).toEqual(words('एक गोली दिन में तीन बार'));
    expect(marathi.words).toEqual(words('दोन वेळा जेवणानंतर घ्या'));
    expect(again.words).toEqual(words('Rest and fluids'));
    // Only the fonts a document drew with are embedded, each as a subset.
    expect(latin.fonts).toMatch(/NotoSans-Regular/);
    expect(latin.fonts).not.toMatch(/Devanagari/);
    expect(hindi.fonts).toMatch(/NotoSansDevanagari-Bold/);
    expect(hindi.fonts).not.toMatch(/NotoSansDevanagari-Regular/);
    expect(again.fonts).not.toMatch(/Devanagari/);
    for (const r of [latin, hindi, marathi, again]) expect(r.fonts).toMatch(/yes\s+yes\s+yes/); // embedded, subset, Unicode map
  });
});
