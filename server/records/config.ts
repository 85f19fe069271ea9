/**
 * Settings of the patient's record (docs/records.md), read by server/config.ts:
 *
 *   CLINIC_ADDRESS            the address printed under the clinic's name on prescriptions and
 *                             receipts: 1 to 6 lines separated by `|`, each at most 80 characters
 *   CLINIC_TAX_DETAILS        printed on receipts when set (e.g. `GSTIN 27AAAAA0000A1Z5`): one
 *                             line of at most 120 characters; unset: none
 *   RETENTION_CLINICAL_YEARS  how long a closed account's clinical records (appointments,
 *                             prescriptions, consent, chat) are kept from the last consultation
 *                             (3, the legal minimum; up to 99)
 *   RETENTION_PAYMENT_YEARS   how long its payment records (payments, orders, receipts) are kept
 *                             from the last payment (8, the legal minimum; up to 99)
 *
 * The documents' fonts draw Latin and Devanagari text: an address or tax line with other
 * scripts, emoji or control characters would print as empty boxes, so it stops the start instead.
 */
import type { ClinicDetails } from '../documents/prescription.js';
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
  clinic: { name: clinicName, address: defaultClinicAddress, taxDetails: null },
  retention: legalRetention,
};

const maxAddressLines = 6;
const maxAddressLine = 80;
const maxTaxDetails = 120;
const maxRetentionYears = 99;

type Env = Readonly<Record<string, string | undefined>>;

const raw = (env: Env, name: string): string | undefined => {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
};

/** Letters, digits and punctuation the documents' fonts draw: Latin and Devanagari, no control characters or emoji. */
const printable = /^[\p{Script=Latin}\p{Script=Devanagari}\p{Script=Common}\p{Script=Inherited}]*$/u;
const unprintable = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Extended_Pictographic}\u2028\u2029]/u;
const drawable = (s: string) => printable.test(s) && !unprintable.test(s.replace(/[\u200C\u200D]/g, ''));

function years(env: Env, name: string, min: number, problems: string[]): number {
  const value = raw(env, name);
  if (value === undefined) return min;
  if (/^\d{1,2}$/.test(value) && Number(value) >= min && Number(value) <= maxRetentionYears) return Number(value);
  problems.push(`${name} must be a whole number of years from ${min} (the legal minimum, docs/records.md) to ${maxRetentionYears} (got "${value}")`);
  return min;
}

export function readRecordsConfig(env: Env): { value: RecordsConfig; problems: string[] } {
  const problems: string[] = [];
  let address: readonly string[] = defaultClinicAddress;
  const addressRaw = raw(env, 'CLINIC_ADDRESS');
  if (addressRaw !== undefined) {
    const lines = addressRaw.split('|').map((s) => s.trim()).filter(Boolean);
    if (lines.length === 0 || lines.length > maxAddressLines || lines.some((l) => l.length > maxAddressLine)) {
      problems.push(
        `CLINIC_ADDRESS must be 1 to ${maxAddressLines} lines separated by "|", each at most ${maxAddressLine} characters, like "2nd floor, Shantiniketan Arcade|Kothrud, Pune 411038"`,
      );
    } else if (!lines.every(drawable)) {
      problems.push('CLINIC_ADDRESS may hold Latin and Devanagari letters, digits and punctuation only (no control characters or emoji): the documents could not print the rest');
    } else address = lines;
  }
  let taxDetails: string | null = null;
  const tax = raw(env, 'CLINIC_TAX_DETAILS');
  if (tax !== undefined) {
    if (tax.length > maxTaxDetails || /[\r\n]/.test(tax) || !drawable(tax)) {
      problems.push(
        `CLINIC_TAX_DETAILS must be one line of at most ${maxTaxDetails} Latin or Devanagari characters, like "GSTIN 27AAAAA0000A1Z5" (no control characters or emoji)`,
      );
    } else taxDetails = tax;
  }
  const retention: Retention = {
    clinicalYears: years(env, 'RETENTION_CLINICAL_YEARS', legalRetention.clinicalYears, problems),
    paymentYears: years(env, 'RETENTION_PAYMENT_YEARS', legalRetention.paymentYears, problems),
  };
  return { value: { clinic: { name: clinicName, address, taxDetails }, retention }, problems };
}
