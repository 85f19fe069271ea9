/**
 * The prescriptions' signature and verification settings, decoded from the environment
 * (docs/operations.md, "Prescriptions"; their types: server/verify/config.ts):
 *
 * - `PRESCRIPTION_SIGNING_P12`: the path of the clinic's PKCS#12 (.p12) file with its signing
 *   key and certificate (and chain); needs `PRESCRIPTION_SIGNING_PASSPHRASE`. The file must be
 *   readable at start; a wrong passphrase stops the start too (server/documents/signing.ts).
 *   Unset: a self-signed key and certificate made at first start in
 *   DATA_DIR/prescription-signing.pem, the default only while PUBLIC_URL is this machine; a public
 *   site must set the file, or name `PRESCRIPTION_SIGNING_P12=self-signed` to knowingly sign
 *   with a certificate nobody vouches for (a staging site).
 * - `VERIFY_RATE_LIMIT` (60/1m): look-ups of a verification code per client address.
 *
 * Problems name each bad or missing variable, never the passphrase.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { isLoopbackUrl } from '../identity/config.js';
import { packageRoot } from '../paths.js';
import { defaultVerifyRateLimit, type PrescriptionsConfig } from '../verify/config.js';
import { rateLimit } from './accounts.js';
import { raw, settings } from './env.js';

export const selfSignedChoice = 'self-signed';

/** `publicUrl`: the already-read PUBLIC_URL ('' when invalid, not judged); `dataDir`: DATA_DIR, absolute. */
export const prescriptionSettings = (publicUrl: string, dataDir: string) =>
  settings('prescriptions', (env, { take, fail }): PrescriptionsConfig => {
    const verifyRateLimit = take(rateLimit('VERIFY_RATE_LIMIT', 100_000, false, defaultVerifyRateLimit), defaultVerifyRateLimit);
    const p12 = raw(env, 'PRESCRIPTION_SIGNING_P12');
    const passphrase = env.PRESCRIPTION_SIGNING_PASSPHRASE ?? '';
    const selfSigned = { kind: 'selfSigned', dataDir } as const;
    if (p12 === undefined || p12 === selfSignedChoice) {
      if (p12 === undefined && publicUrl !== '' && !isLoopbackUrl(publicUrl)) {
        fail(
          `PRESCRIPTION_SIGNING_P12 is required when PUBLIC_URL (${publicUrl}) is not this machine: set it to the clinic's .p12 file ` +
            `with PRESCRIPTION_SIGNING_PASSPHRASE, or PRESCRIPTION_SIGNING_P12=${selfSignedChoice} to knowingly sign prescriptions with a self-signed certificate`,
        );
      }
      if (passphrase !== '') fail('PRESCRIPTION_SIGNING_PASSPHRASE is set but PRESCRIPTION_SIGNING_P12 names no file: set both or neither');
      return { signing: selfSigned, verifyRateLimit };
    }
    const file = path.resolve(packageRoot, p12);
    if (passphrase === '') fail('PRESCRIPTION_SIGNING_PASSPHRASE is required with PRESCRIPTION_SIGNING_P12 (the .p12 file\'s passphrase)');
    try {
      accessSync(file, constants.R_OK);
    } catch {
      fail(`PRESCRIPTION_SIGNING_P12 (${file}) cannot be read: it must be a readable .p12 file`);
    }
    return { signing: { kind: 'p12', file, passphrase }, verifyRateLimit };
  });
