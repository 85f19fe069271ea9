import type { Tone } from '../../../machines/session/notices';
import { toast } from './toast';

/** A machine's notice as a toast: success with role="status" (fades), error with role="alert" (stays). */
export function showToast(tone: Tone, text: string): number {
  return tone === 'success' ? toast.info(text) : toast.error(text);
}
