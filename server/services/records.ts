/**
 * The patient's record (docs/records.md): My Remedies, the prescription and receipt
 * PDFs, the data export and closing an account.
 *
 * Who may read a document: the account that booked the appointment (the account holder, also for
 * a family member), the appointment's doctor, and admins. Anybody else gets 404
 * 'Document not found.', as for an id that does not exist, so ids cannot be probed.
 *
 * This file holds the words and the course rule; the service itself is services/records/, one file
 * a subject (service.ts puts them together).
 */
import { defineMessages } from './messageCodes.js';
import { addDays } from '../../contract/clinicTime.js';

export const recordMessages = defineMessages('record', {
  notFound: 'Document not found.',
  notCompleted: 'The prescription is ready once the consultation is completed.',
  notReleased: 'The clinic has not released this prescription to you yet. Please ask the clinic.',
  noPayment: 'There is no settled payment for this yet.',
  upcomingPaid: 'You have paid appointments still ahead. Please cancel them, or attend them, before deleting your account.',
  staffAccount: 'A staff account is closed by a clinic admin, not from here.',
  noEmailToConfirm: 'Closing an account is confirmed with a code sent to its email. Please add an email to your account first.',
  deleted: 'Your account is deleted. Thank you for trusting us with your care.',
} as const);

/**
 * The last day of a course that starts on `date` and lasts `duration` as staff wrote it: '7 days',
 * '2 weeks', '1 month', '10' (days), '15 दिन'. null when it does not read as a length.
 */
export function courseUntil(date: string, duration: string): string | null {
  const m = /^\s*(\d{1,3})\s*(days?|d|दिन|weeks?|w|हफ़्ते|हफ्ते|आठवडे|months?|m|महीने|महिने)?\.?\s*$/iu.exec(duration);
  if (!m) return null;
  const n = Number(m[1]);
  if (n === 0) return null;
  const unit = (m[2] ?? 'd').toLowerCase();
  const days = /^(w|week|हफ़्ते|हफ्ते|आठवडे)/u.test(unit) ? n * 7 : /^(m|month|महीने|महिने)/u.test(unit) ? n * 30 : n;
  return addDays(date, days - 1);
}

export interface DownloadFile {
  fileName: string;
  body: Buffer;
}
