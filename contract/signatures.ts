/**
 * A doctor's signature image, drawn above their name on the prescription (docs/records.md):
 *
 *   GET    /staff/doctors/{id}/signature   the PNG (204 No Content: none on file)
 *   PUT    /staff/doctors/{id}/signature   the image's bytes as the body (content-type image/png,
 *                                          image/jpeg, image/webp or application/octet-stream, at
 *                                          most signatureMaxUploadBytes) -> SignatureAnswer
 *   DELETE /staff/doctors/{id}/signature   -> SignatureAnswer (none on file: 404)
 *
 * A doctor their own, an admin any doctor's; anybody else 404. The server keeps a PNG of its own
 * making, fitted within signatureMaxWidth x signatureMaxHeight on a transparent background;
 * an upload that is not an image answers 400 on `signature`. Audited as `doctor.signature`.
 */
import * as t from 'io-ts';
import { Id } from './primitives.js';

export const signatureMaxUploadBytes = 2 * 1024 * 1024;
export const signatureMaxWidth = 600;
export const signatureMaxHeight = 200;

export const SignatureParams = t.type({ id: Id }, 'SignatureParams');

/** After a change: the server's words, and whether one is on file now (with when and by whom). */
export const SignatureAnswer = t.type(
  {
    message: t.string,
    signature: t.union([t.type({ updatedAt: t.string, updatedBy: t.string, width: t.number, height: t.number }), t.null]),
  },
  'SignatureAnswer',
);
export type SignatureAnswer = t.TypeOf<typeof SignatureAnswer>;
