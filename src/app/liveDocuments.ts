/**
 * The real download of a record's document (machines/records/documentDownloadMachine.ts): My
 * Remedies, My Appointment's cards and the staff console fetch prescriptions and receipts with it.
 */
import { downloadRecord } from '../api/records';
import { fromApi } from './fromApi';

export const liveDownloadDocument = fromApi(({ path, token }: { path: string; token: string }, signal) => downloadRecord(path, token, signal));
