/**
 * The verification block under a prescription's signature: a QR code of the version's verify
 * address (PUBLIC_URL/verify/<code>, which the server sends on to the page #/verify/<code>) and,
 * beside it, the address and the code in groups of four, for whoever checks it by hand. The QR
 * code is drawn as vector squares (no image), crisp at any zoom and printer.
 */
import type PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '../../contract/auth.js';
import { groupedCode } from '../../contract/verify.js';
import { paragraph } from './pdf.js';

type Doc = InstanceType<typeof PDFDocument>;

export interface Verification {
  /** The version's code as stored (26 base32 characters). */
  code: string;
  /** PUBLIC_URL without its trailing slash. */
  publicUrl: string;
}

/** The address a QR code or a person opens: short, so the QR code stays coarse enough for a phone's camera. */
export const verifyUrl = ({ code, publicUrl }: Verification) => `${publicUrl}/verify/${code}`;

const words: Record<Language, { title: string; scan: string; code: string }> = {
  en: {
    title: 'Verify this prescription',
    scan: 'Scan the code or open the address to see whether the clinic issued this prescription and whether it still stands.',
    code: 'Code',
  },
  hi: {
    title: 'इस पर्चे की जाँच करें',
    scan: 'कोड स्कैन करें या पता खोलें: क्लिनिक ने यह पर्चा दिया है या नहीं, और यह अब भी मान्य है या नहीं, यह दिखेगा।',
    code: 'कोड',
  },
  mr: {
    title: 'या प्रिस्क्रिप्शनची पडताळणी करा',
    scan: 'कोड स्कॅन करा किंवा पत्ता उघडा: क्लिनिकने हे प्रिस्क्रिप्शन दिले आहे का आणि ते अजून लागू आहे का, ते दिसेल.',
    code: 'कोड',
  },
};

const qrSize = 78;

/** Draws the block from doc.y (a new page when it would not fit) and moves doc.y below it. */
export function drawVerification(doc: Doc, verification: Verification, language: Language = 'en'): void {
  const w = words[language];
  const left = doc.page.margins.left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + qrSize + 8 > bottom) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  const top = doc.y + 4;
  const url = verifyUrl(verification);
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = qrSize / count;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) doc.rect(left + col * cell, top + row * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
  const textLeft = left + qrSize + 14;
  const width = doc.page.width - doc.page.margins.right - textLeft;
  doc.y = top;
  paragraph(doc, w.title, { size: 9.5, bold: true }, textLeft, width);
  paragraph(doc, w.scan, { size: 8.5, color: '#52606d' }, textLeft, width);
  paragraph(doc, url, { size: 8.5 }, textLeft, width);
  paragraph(doc, `${w.code}: ${groupedCode(verification.code)}`, { size: 10, bold: true }, textLeft, width);
  doc.x = left;
  doc.y = Math.max(doc.y, top + qrSize) + 6;
}
