/**
 * Doctors' signature images (contract/signatures.ts, docs/records.md). Rules:
 * - a doctor reads, sets and removes their own; an admin any doctor's; anybody else (reception,
 *   another doctor) is answered 404, as for a doctor that does not exist;
 * - the upload is recognised by its bytes (PNG, JPEG or WebP), never by its name or content type,
 *   and re-encoded by sharp: turned upright, fitted within 600 x 200 pixels, as a PNG with an
 *   alpha channel (a transparent background stays transparent; a JPEG's stays white), no
 *   metadata. Anything else answers 400 on `signature`;
 * - each change is audited as `doctor.signature` ({ doctorId, after: 'set' | 'removed' }), in the
 *   transaction that makes it. The image itself is never in the audit or the logs.
 */
import { signatureMaxHeight, signatureMaxUploadBytes, signatureMaxWidth, type SignatureAnswer } from '../../contract/signatures.js';
import { staffCaller } from '../access/caller.js';
import { isAdmin } from '../access/rules.js';
import type { Database } from '../db/database.js';
import { insertAudit } from '../repositories/staff.js';
import { BadRequestError, NotFoundError } from '../services/errors.js';
import { defineMessages } from '../services/messageCodes.js';
import type { Staff } from '../services/staff.js';
import { auditActor } from '../services/staff/shared.js';
import { deleteSignature, findSignature, upsertSignature } from './repository.js';

export const signatureMessages = defineMessages('signature', {
  notFound: 'No signature on file for this doctor.',
  required: 'Choose an image of the signature.',
  tooLarge: 'The image is too large: at most 2 MB.',
  notAnImage: 'This is not an image we can read: use a PNG, JPEG or WebP picture of the signature.',
  saved: 'Signature saved.',
  removed: 'Signature removed.',
} as const);

const loadSharp = async () => (await import('sharp')).default;
const bad = (message: string) => new BadRequestError(message, [{ field: 'signature', message }]);

/** The upload as the PNG the prescription draws, or 400 on `signature`. */
export async function signaturePng(bytes: Buffer | undefined): Promise<{ png: Buffer; width: number; height: number }> {
  if (!bytes || bytes.length === 0) throw bad(signatureMessages.required);
  if (bytes.length > signatureMaxUploadBytes) throw bad(signatureMessages.tooLarge);
  const sharp = await loadSharp();
  try {
    const { format } = await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 }).metadata();
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw new Error('not an image');
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: signatureMaxWidth, height: signatureMaxHeight, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw bad(signatureMessages.notAnImage);
  }
}

export function createSignatureService({ db, now }: { db: Database; now: () => Date }) {
  /** The doctor's id when the caller may act on it; 404 otherwise (no doctor, or not theirs). */
  async function doctorFor(staff: Staff, id: string): Promise<string> {
    const mayAct = isAdmin(staffCaller(staff)) || (staff.role === 'doctor' && staff.doctorId === id);
    if (!mayAct) throw new NotFoundError(signatureMessages.notFound);
    const { rows } = await db.query<{ id: string }>('select id::text from doctors where id = $1', [id]);
    if (!rows[0]) throw new NotFoundError(signatureMessages.notFound);
    return rows[0].id;
  }

  const answerOf = async (message: string, doctorId: string): Promise<SignatureAnswer> => {
    const stored = await findSignature(db, doctorId);
    if (!stored) return { message, signature: null };
    const meta = await (await loadSharp())(stored.image).metadata();
    return { message, signature: { updatedAt: stored.updatedAt.toISOString(), updatedBy: stored.updatedBy, width: meta.width ?? 0, height: meta.height ?? 0 } };
  };

  return {
    /** GET /staff/doctors/{id}/signature: the PNG, or null when none is on file (not a refusal). */
    async image(staff: Staff, id: string): Promise<Buffer | null> {
      const doctorId = await doctorFor(staff, id);
      return (await findSignature(db, doctorId))?.image ?? null;
    },

    /** PUT /staff/doctors/{id}/signature: who is checked before the bytes are decoded. */
    async put(staff: Staff, id: string, bytes: Buffer | undefined): Promise<SignatureAnswer> {
      const doctorId = await doctorFor(staff, id);
      const { png } = await signaturePng(bytes);
      const at = now();
      await db.transaction(async (tx) => {
        await upsertSignature(tx, doctorId, png, staff.user.email, at);
        await insertAudit(tx, { ...auditActor(staff), action: 'doctor.signature', details: { doctorId, after: 'set' } }, at);
      });
      return answerOf(signatureMessages.saved, doctorId);
    },

    /** DELETE /staff/doctors/{id}/signature. */
    async remove(staff: Staff, id: string): Promise<SignatureAnswer> {
      const doctorId = await doctorFor(staff, id);
      const at = now();
      const removed = await db.transaction(async (tx) => {
        const gone = await deleteSignature(tx, doctorId);
        if (gone) await insertAudit(tx, { ...auditActor(staff), action: 'doctor.signature', details: { doctorId, after: 'removed' } }, at);
        return gone;
      });
      if (!removed) throw new NotFoundError(signatureMessages.notFound);
      return { message: signatureMessages.removed, signature: null };
    },
  };
}
