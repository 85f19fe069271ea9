/**
 * A PDF read back as its reader would, with poppler-utils (installed by .ci/run): the text as
 * pdftotext reads it (the ActualText of Devanagari runs included, NFC), and its page count.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function pdfInfo(body: Buffer): { text: string; pages: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'test-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, body);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text, pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const pdfText = (body: Buffer): string => pdfInfo(body).text;
