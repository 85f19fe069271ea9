/**
 * The signature desk's context, events, calls and the check of a chosen file
 * (./signatureMachine.ts). The server is the judge of the bytes (contract/signatures.ts); the
 * check here only spares an upload that it would refuse anyway: a file that is not a PNG, JPEG
 * or WebP by its type or name, or one past `signatureMaxUploadBytes`.
 */
import { signatureMaxUploadBytes } from '../../contract/signatures.js';
import type { ServerNotice } from '../shared/notices.js';

/** What the doctor chose: a File (a Blob with a name). */
export type SignatureFile = Blob & { readonly name: string };

/** A problem shown at the file field: the chosen file's, or the server's words for it. */
export type SignatureProblem = { kind: 'wrongType' } | { kind: 'tooLarge' } | ServerNotice;

export type SignatureNotice = { kind: 'saved' } | { kind: 'removed' } | { kind: 'loadFailed' } | { kind: 'somethingWentWrong' } | ServerNotice;

export interface SignatureContext {
  readonly token: string;
  readonly doctorId: string;
  /** The PNG on file (GET .../signature), or null when there is none. */
  readonly image: Blob | null;
  /** The file chosen to upload, shown as a preview until sent or dropped. */
  readonly file: SignatureFile | null;
  readonly problem: SignatureProblem | null;
}

export interface LoadSignatureInput {
  readonly doctorId: string;
  readonly token: string;
}
export interface PutSignatureInput extends LoadSignatureInput {
  readonly file: SignatureFile;
}

export type SignatureEvent =
  | { type: 'signature.retry' }
  | { type: 'file.choose'; file: SignatureFile }
  | { type: 'upload.send' }
  | { type: 'upload.cancel' }
  | { type: 'signature.remove' };

/** The types the server reads, by MIME type or, when the browser gives none, by name. */
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp']);
const imageNames = /\.(png|jpe?g|webp)$/i;

/** What the file picker offers. */
export const signatureAccept = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

/** Null when the file may go up; else why not. */
export function fileProblem(file: SignatureFile): SignatureProblem | null {
  const typed = file.type !== '' ? imageTypes.has(file.type) : imageNames.test(file.name);
  if (!typed) return { kind: 'wrongType' };
  if (file.size > signatureMaxUploadBytes) return { kind: 'tooLarge' };
  if (file.size === 0) return { kind: 'wrongType' };
  return null;
}

export const initialSignatureContext = ({ token, doctorId }: LoadSignatureInput): SignatureContext => ({
  token,
  doctorId,
  image: null,
  file: null,
  problem: null,
});
