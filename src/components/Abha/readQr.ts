/**
 * The QR in a picture (the camera's photo of an ABHA card, or a chosen file): the platform's
 * BarcodeDetector where the browser has one that reads QR codes, else jsQR, fetched only now
 * (never on the home page's path). The text, or null when the picture holds no QR.
 */
type Detector = { detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

async function platformDetector(): Promise<Detector | null> {
  const Class = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Class) return null;
  try {
    const formats = (await Class.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Class({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** At most this many pixels on the longer side: a phone's photo is scaled down before jsQR reads it. */
const maxSide = 1600;

async function withJsQr(bitmap: ImageBitmap): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

export async function readQrImage(image: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(image);
  } catch {
    return null;
  }
  try {
    const detector = await platformDetector();
    if (detector) {
      const found = await detector.detect(bitmap);
      if (found[0]) return found[0].rawValue;
    }
    return await withJsQr(bitmap);
  } finally {
    bitmap.close();
  }
}
