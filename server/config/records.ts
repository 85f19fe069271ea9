/**
 * The patient's record's settings, decoded from the environment (docs/records.md; their types: server/records/config.ts):
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
import { clinicName } from '../mail/templates.js';
import { defaultClinicAddress, legalRetention, type RecordsConfig } from '../records/config.js';
import { type Env, problem, settings, variable } from './env.js';

const maxAddressLines = 6;
const maxAddressLine = 80;
const maxTaxDetails = 120;
const maxRetentionYears = 99;

/** Letters, digits and punctuation the documents' fonts draw: Latin and Devanagari, no control characters or emoji. */
const printable = /^[\p{Script=Latin}\p{Script=Devanagari}\p{Script=Common}\p{Script=Inherited}]*$/u;
const unprintable = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Extended_Pictographic}\u2028\u2029]/u;
const drawable = (s: string) => printable.test(s) && !unprintable.test(s.replace(/[\u200C\u200D]/g, ''));

const address = variable('CLINIC_ADDRESS', (value): readonly string[] | ReturnType<typeof problem> => {
  if (value === undefined) return defaultClinicAddress;
  const lines = value.split('|').map((s) => s.trim()).filter(Boolean);
  if (lines.length === 0 || lines.length > maxAddressLines || lines.some((l) => l.length > maxAddressLine)) {
    return problem(
      `CLINIC_ADDRESS must be 1 to ${maxAddressLines} lines separated by "|", each at most ${maxAddressLine} characters, like "2nd floor, Shantiniketan Arcade|Kothrud, Pune 411038"`,
    );
  }
  if (!lines.every(drawable)) {
    return problem('CLINIC_ADDRESS may hold Latin and Devanagari letters, digits and punctuation only (no control characters or emoji): the documents could not print the rest');
  }
  return lines;
});

const taxDetails = variable('CLINIC_TAX_DETAILS', (tax) => {
  if (tax === undefined) return null;
  return tax.length > maxTaxDetails || /[\r\n]/.test(tax) || !drawable(tax)
    ? problem(
        `CLINIC_TAX_DETAILS must be one line of at most ${maxTaxDetails} Latin or Devanagari characters, like "GSTIN 27AAAAA0000A1Z5" (no control characters or emoji)`,
      )
    : tax;
});

/** From the legal minimum `min` to 99 years. */
const years = (name: string, min: number) =>
  variable(name, (value) => {
    if (value === undefined) return min;
    if (/^\d{1,2}$/.test(value) && Number(value) >= min && Number(value) <= maxRetentionYears) return Number(value);
    return problem(`${name} must be a whole number of years from ${min} (the legal minimum, docs/records.md) to ${maxRetentionYears} (got "${value}")`);
  });

export const recordsSettings = settings('records', (_env, { take }): RecordsConfig => ({
  clinic: {
    name: clinicName,
    address: take(address, defaultClinicAddress),
    taxDetails: take(taxDetails, null),
  },
  retention: {
    clinicalYears: take(years('RETENTION_CLINICAL_YEARS', legalRetention.clinicalYears), legalRetention.clinicalYears),
    paymentYears: take(years('RETENTION_PAYMENT_YEARS', legalRetention.paymentYears), legalRetention.paymentYears),
  },
}));

export const readRecordsConfig = (env: Env) => recordsSettings.read(env);
