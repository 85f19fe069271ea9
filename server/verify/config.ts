/**
 * The prescriptions' signature and verification settings (docs/records.md, "Signature and
 * verification"); read in server/config/prescriptions.ts.
 */
import type { SigningSource } from '../documents/signing.js';
import type { RateLimit } from '../services/limits.js';

export interface PrescriptionsConfig {
  /** PRESCRIPTION_SIGNING_P12 / _PASSPHRASE, or the self-signed key in DATA_DIR. */
  signing: SigningSource;
  /** VERIFY_RATE_LIMIT: look-ups of GET /api/verify/{code} per client address (60/1m). */
  verifyRateLimit: RateLimit;
}

export const defaultVerifyRateLimit: RateLimit = { max: 60, windowMs: 60_000 };
