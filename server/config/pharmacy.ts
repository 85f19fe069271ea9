/**
 * The pharmacy order's settings, decoded from the environment (docs/orders.md; their types:
 * server/pharmacy/config.ts):
 *
 *   PHARMACY_TAX_RATE  the tax charged on an order's items, in percent with at most two decimals
 *                      (0 to 100; 0, the default: none)
 *   DELIVERY_FEE       rupees added to an order delivered home, at most two decimals (0 to 10000;
 *                      0, the default: free)
 *   CLINIC_GSTIN       the clinic's GST identification number (15 characters, like
 *                      27AAAAA0000A1Z5); set, an order's receipt is titled "Tax invoice" and shows
 *                      it; unset: a plain receipt
 */
import { defaultPharmacyConfig, type PharmacyConfig } from '../pharmacy/config.js';
import { type Env, problem, settings, variable } from './env.js';

/** A decimal with at most two places, as hundredths, from 0 to `max` (whole units); null otherwise. */
function hundredths(value: string, max: number): number | null {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) return null;
  const n = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return n <= max * 100 ? n : null;
}

const taxRate = variable('PHARMACY_TAX_RATE', (value) => {
  if (value === undefined) return defaultPharmacyConfig.taxRateBp;
  return hundredths(value, 100) ?? problem(`PHARMACY_TAX_RATE must be a percentage from 0 to 100 with at most two decimals, like "12" or "5.5" (got "${value}")`);
});

const deliveryFee = variable('DELIVERY_FEE', (value) => {
  if (value === undefined) return defaultPharmacyConfig.deliveryFeePaise;
  return hundredths(value, 10_000) ?? problem(`DELIVERY_FEE must be rupees from 0 to 10000 with at most two decimals, like "50" or "49.50" (got "${value}")`);
});

/** The GSTIN's shape: state code, PAN, entity number, Z, check character. */
const gstinShape = /^[0-3]\d[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const gstin = variable('CLINIC_GSTIN', (value) => {
  if (value === undefined) return null;
  const v = value.toUpperCase();
  return gstinShape.test(v) ? v : problem(`CLINIC_GSTIN must be a GST identification number of 15 characters, like "27AAAAA0000A1Z5" (got "${value}")`);
});

export const pharmacySettings = settings('pharmacy', (_env, { take }): PharmacyConfig => ({
  taxRateBp: take(taxRate, defaultPharmacyConfig.taxRateBp),
  deliveryFeePaise: take(deliveryFee, defaultPharmacyConfig.deliveryFeePaise),
  gstin: take(gstin, null),
}));

export const readPharmacyConfig = (env: Env) => pharmacySettings.read(env);
