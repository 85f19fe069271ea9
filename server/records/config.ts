/**
 * Settings of the patient's record (docs/records.md): their types and defaults. CLINIC_ADDRESS,
 * CLINIC_TAX_DETAILS and RETENTION_* are read, and listed, in server/config/records.ts.
 */
import type { ClinicDetails } from '../documents/prescription.js';
import { defaultHelpContacts } from '../config/site.js';
import { clinicName } from '../mail/templates.js';

export interface Retention {
  /** Years from the last consultation (Indian Medical Council Regulations 2002, 1.3.1). */
  clinicalYears: number;
  /** Years from the last payment (books of account: Companies Act 2013 s.128(5), Income-tax Act 1961). */
  paymentYears: number;
}

export interface RecordsConfig {
  clinic: ClinicDetails;
  retention: Retention;
}

/** What the law asks at least; also the defaults. */
export const legalRetention: Retention = { clinicalYears: 3, paymentYears: 8 };

export const defaultClinicAddress = ['2nd floor, Shantiniketan Arcade', 'Paud Road, near Karishma Society', 'Kothrud, Pune 411038'] as const;

export const defaultRecordsConfig: RecordsConfig = {
  clinic: { name: clinicName, address: defaultClinicAddress, taxDetails: null, phone: defaultHelpContacts.callNumber, email: defaultHelpContacts.email },
  retention: legalRetention,
};
