/**
 * The password rules (OWASP ASVS 5, V6.2): at least 8 characters, up to 128 (passphrases are
 * welcome), no composition rules, and not one of the most common passwords. The length is also
 * checked by the contract (contract/auth.ts `Password`), which answers 400 before any service
 * runs; the common-password check is here.
 *
 * The common passwords are zxcvbn-ts's frequency-ranked list (@zxcvbn-ts/language-common,
 * 'passwords-common', drawn from public breach corpora), kept as a dependency so that updates
 * arrive with `npm update`. Only its entries of at least 8 characters can pass the length rule:
 * about 18,000 (ASVS asks for at least the top 3,000). Every entry is lower case, so the check
 * ignores case: "Password1" is refused like "password1". The list is loaded on first use
 * (decompressing it takes ~70 ms), not at start.
 */
import type { FieldError } from '../../contract/errors.js';

export const minPasswordLength = 8;
export const maxPasswordLength = 128;

let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((p) => p.length >= minPasswordLength)),
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** How many passwords the list refuses. */
export async function commonPasswordCount(): Promise<number> {
  return (await commonPasswords()).size;
}

export const commonPasswordMessage = 'This password is too common. Please choose a less common one.';

/** The field error for a password we refuse, or null when it may be used. */
export async function passwordProblem(password: string): Promise<FieldError | null> {
  return (await isCommonPassword(password))
    ? { field: 'password', message: 'is one of the most common passwords; choose a less common one' }
    : null;
}
