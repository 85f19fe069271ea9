/**
 * The public check of a printed prescription (GET /api/verify/{code}; docs/api.md, docs/records.md):
 * whoever holds the paper (a pharmacy, an insurer, the patient) learns whether the clinic issued
 * it and whether it still stands, and no more than the paper already shows them: the doctor, the
 * date, the patient's initials and the remedies as written. Never a name, a phone or an address.
 */
import * as t from 'io-ts';

export interface VerificationCodeBrand {
  readonly VerificationCode: unique symbol;
}

/**
 * A code as printed or typed: the 26 base32 letters and digits (RFC 4648: A-Z, 2-7), in any case,
 * perhaps grouped with hyphens. Anything else is bad input (400); a well-formed code that was
 * never issued is `unknown`.
 */
export const VerificationCode = t.brand(
  t.string,
  (s): s is t.Branded<string, VerificationCodeBrand> => s.length <= 40 && /^[A-Za-z2-7](?:-?[A-Za-z2-7])*$/.test(s),
  'VerificationCode',
);
export type VerificationCode = t.TypeOf<typeof VerificationCode>;

/** The code as stored: upper case, no hyphens. */
export const normalizedCode = (code: string) => code.replace(/-/g, '').toUpperCase();

/** A printed code in groups of four, as the PDF prints it and a person reads it out. */
export const groupedCode = (code: string) => normalizedCode(code).replace(/(.{4})(?=.)/g, '$1-');

export const VerifyParams = t.type({ code: VerificationCode }, 'VerifyParams');

/** A remedy exactly as the doctor wrote it; empty strings where the doctor wrote nothing. */
export const VerifiedRemedy = t.type(
  { medicineName: t.string, potency: t.string, dosage: t.string, frequency: t.string, duration: t.string },
  'VerifiedRemedy',
);
export type VerifiedRemedy = t.TypeOf<typeof VerifiedRemedy>;

export const VerifyAnswer = t.union(
  [
    t.type({
      status: t.literal('genuine'),
      doctorName: t.string,
      /** The consultation's day (clinic time, YYYY-MM-DD). */
      date: t.string,
      /** When this version was written (ISO instant). */
      writtenAt: t.string,
      /** 1 for the prescription as first written, 2... for each amendment. */
      version: t.number,
      /** 'R. S.': the first letters of the patient's names, nothing more. */
      patientInitials: t.string,
      remedies: t.array(VerifiedRemedy),
    }),
    /** A later version replaced this one: the holder should ask for the new paper. */
    t.type({ status: t.literal('amended'), supersededAt: t.string }),
    /** The clinic withdrew it: the record was erased or purged. */
    t.type({ status: t.literal('revoked') }),
    t.type({ status: t.literal('unknown') }),
  ],
  'VerifyAnswer',
);
export type VerifyAnswer = t.TypeOf<typeof VerifyAnswer>;
export type VerifyStatus = VerifyAnswer['status'];
