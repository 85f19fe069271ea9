/** What every part of the record service is made with, and who may read an appointment's documents (services/records.ts). */
import type { PharmacyConfig } from '../../pharmacy/config.js';
import type { User } from '../../../contract/auth.js';
import { loadCaller } from '../../access/caller.js';
import { assertSeesAppointment, seesAsClinic } from '../../access/rules.js';
import type { Database } from '../../db/database.js';
import type { ClinicDetails } from '../../documents/prescription.js';
import type { Retention } from '../../records/config.js';
import type { SigningSource } from '../../documents/signing.js';
import { releasedToPatient } from '../../records/patientView.js';
import type { RecordAppointment } from '../../repositories/records.js';
import type { OtpService } from '../otp.js';
import { recordMessages } from '../records.js';

export interface RecordServiceDeps {
  db: Database;
  now: () => Date;
  otp: OtpService;
  /** Uses up the texted code that confirms closing an account without an email (server/mobile/service.ts). */
  accountCloseCode: (accountId: string, phone: string, code: string, field: string) => Promise<void>;
  clinic: ClinicDetails;
  /**
   * How long the clinic keeps what a closed account leaves behind (RETENTION_*, server/records/config.ts;
   * docs/records.md): the deletion page and the audit entry say it, the purge job (server/jobs/purge.ts) applies it.
   */
  retention?: Retention;
  publicUrl: string;
  /** CLINIC_GSTIN: an order's receipt is a tax invoice when set (server/pharmacy/config.ts). */
  pharmacy?: PharmacyConfig;
  /** The prescriptions' signing key (PRESCRIPTION_SIGNING_*); unset: one in this process's memory. */
  signing?: SigningSource;
}

/** The deps with their defaults in place: what each part receives. */
export type RecordDeps = RecordServiceDeps & { retention: Retention };

/**
 * The appointment when `user` may read its documents: its account, its doctor, an admin (404
 * otherwise); `staff` when they read it as the clinic (its doctor or an admin, also of an
 * appointment they booked themselves), which sees a prescription before it is released.
 */
export async function readable(db: Database, user: User, a: RecordAppointment | null): Promise<{ a: RecordAppointment; staff: boolean }> {
  const caller = await loadCaller(db, user);
  const { appointment } = assertSeesAppointment(caller, a, recordMessages.notFound);
  return { a: appointment, staff: seesAsClinic(caller, appointment) };
}

/**
 * The patient sees a prescription once the clinic shows it (`medicines.showMedicine`, as
 * /myappointment does; records/patientView.ts); the appointment's doctor and admins always.
 */
export const released = (a: RecordAppointment) => releasedToPatient(a.medicines);
