/**
 * The password rule (NIST SP 800-63B §3.1.1.2, OWASP ASVS 5 V6.2), one function for registration,
 * reset and any later password change: `passwordProblem`.
 *
 * - At least 8 characters once spaces at the start and end are set aside, up to 128 (the contract,
 *   contract/auth.ts `Password`, answers 400 for the length before any service runs; the trimmed
 *   length is checked here). Passphrases are welcome; no composition rules.
 * - Not guessable: zxcvbn-ts estimates how many guesses an attacker needs, finding repeated
 *   characters (`aaaaaaaa`, `12341234`), sequences (`abcdefgh`), keyboard walks (`qwertyui`,
 *   `1qaz2wsx`), common passwords (zxcvbn-ts's frequency list drawn from breach corpora), English
 *   words and names, dates, and the words given as the person's and the site's own (their name,
 *   email and phone; the clinic's name and the site's address). A password needs a score of at
 *   least 2 (about a million guesses or more): enough behind the login throttle (limits.ts), and a
 *   random 8 characters or three words pass. A password with the person's or the site's words in it
 *   must score so without them too.
 * - Every entry of the common-password list of 8+ characters is refused outright, whatever its
 *   score or case (ASVS asks for at least the top 3,000; we have about 18,000).
 *
 * The dictionaries are kept as dependencies, so updates arrive with `npm update`; server side
 * only, never in the client's bundle. They load on first use (~100 ms), not at start.
 */
import type { FieldError } from '../../contract/errors.js';
import { defineMessages, withParams } from '../services/messageCodes.js';

export const minPasswordLength = 8;
export const maxPasswordLength = 128;
/** zxcvbn's score: 0 and 1 fall to an online attack of under a million guesses. */
export const minPasswordScore = 2;

/** The clinic's and the site's own words: the first guesses against this site's accounts. */
export const siteWords = ['sahaj', 'homeopathy', 'homoeopathy', 'homeopathic', 'clinic', 'sahajclinic', 'doctor', 'patient', 'appointment'];

type Checker = {
  common: ReadonlySet<string>;
  check: (password: string, words: string[]) => import('@zxcvbn-ts/core').ZxcvbnResult;
};

let loading: Promise<Checker> | undefined;

function checker(): Promise<Checker> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([{ ZxcvbnFactory }, common, en]) => {
      const zxcvbn = new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      });
      return {
        common: new Set(common.dictionary['passwords-common'].filter((p) => p.length >= minPasswordLength)),
        check: (password, words) => zxcvbn.check(password, words),
      };
    },
  );
  return loading;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await checker()).common.has(password.normalize('NFKC').toLowerCase());
}

/** How many passwords the common list refuses. */
export async function commonPasswordCount(): Promise<number> {
  return (await checker()).common.size;
}

/** Who is choosing the password: their own words are the first an attacker tries. */
export interface PasswordOwner {
  email: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  /** More words of the site's own (the host names of PUBLIC_URL). */
  siteWords?: readonly string[];
}

/** "Asha Deshpande", "asha.deshpande@example.com" as the words in them: asha, deshpande, example... */
function wordsOf(owner: PasswordOwner): string[] {
  const phrases = [owner.email, owner.firstName, owner.lastName, owner.phoneNumber, ...siteWords, ...(owner.siteWords ?? [])];
  const words = new Set<string>();
  for (const phrase of phrases) {
    if (!phrase) continue;
    const lower = phrase.normalize('NFKC').toLowerCase().trim();
    // Shorter ones would take letters out of unrelated words below ("om" out of "tomato").
    if (lower.length >= 3) words.add(lower);
    // An email's own words are before the @ (the domain is mostly a provider's: gmail, com).
    const personal = phrase === owner.email ? lower.slice(0, Math.max(0, lower.lastIndexOf('@'))) : lower;
    for (const part of personal.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
    const digits = lower.replace(/\D/g, '');
    if (digits.length >= 6) words.add(digits.slice(-10));
  }
  return [...words];
}

const advice = 'Choose another: a few words you will remember, and nobody would guess, work well.';

/** What the guessable part of a password is, in a person's words, by a stable key (the refusal's `reason`). */
const guessReasons = {
  personal: "it uses your name, email or phone, or the clinic's name",
  common: 'it is one of the most common passwords',
  keyboard: 'it follows the keys of a keyboard',
  repeats: 'it repeats characters',
  sequence: 'it is a sequence like abcd or 1234',
  date: 'it is mostly a date or a year',
  word: 'it is a common word or name',
  predictable: 'it is short and predictable',
} as const;
type GuessReason = keyof typeof guessReasons;

const thisPassword = 'This password ';

/**
 * The rule's refusals, each with its code (services/messageCodes.ts). A reason's refusal says what
 * its field says, after "This password ".
 */
export const passwordMessages = defineMessages('password', {
  tooShort: withParams(
    (min: number) => `Please choose a password of at least ${min} characters, not counting spaces at the start and end.`,
    (min) => ({ min }),
  ),
  common: `${thisPassword}is too easy to guess: ${guessReasons.common}. ${advice}`,
  personal: `${thisPassword}is too easy to guess: ${guessReasons.personal}. ${advice}`,
  guessable: withParams(
    (reason: Exclude<GuessReason, 'common' | 'personal'>) => `${thisPassword}is too easy to guess: ${guessReasons[reason]}. ${advice}`,
    (reason) => ({ reason }),
  ),
});

/** Why zxcvbn finds a password guessable. */
function reason(result: import('@zxcvbn-ts/core').ZxcvbnResult): GuessReason {
  const patterns = result.sequence;
  const has = (test: (m: (typeof patterns)[number]) => boolean) => patterns.some(test);
  const dictionary = (name: (n: string) => boolean) =>
    has((m) => m.pattern === 'dictionary' && name(String((m as { dictionaryName?: string }).dictionaryName)));
  if (dictionary((n) => n === 'userInputs')) return 'personal';
  if (dictionary((n) => n.startsWith('passwords'))) return 'common';
  if (has((m) => m.pattern === 'spatial')) return 'keyboard';
  if (has((m) => m.pattern === 'repeat')) return 'repeats';
  if (has((m) => m.pattern === 'sequence')) return 'sequence';
  if (has((m) => m.pattern === 'date' || m.pattern === 'regex')) return 'date';
  if (has((m) => m.pattern === 'dictionary')) return 'word';
  return 'predictable';
}

export interface PasswordRefusal {
  /** The answer's message: what is wrong and what to do, one sentence a person reads. */
  message: string;
  /** The same for the `password` field. */
  error: FieldError;
}

/** Why a password may not be used (a 400 naming `password`), or null when it may. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<PasswordRefusal | null> {
  if ([...password.trim()].length < minPasswordLength) {
    return refusal(
      passwordMessages.tooShort(minPasswordLength),
      `must have at least ${minPasswordLength} characters, not counting spaces at the start and end`,
    );
  }
  const { common, check } = await checker();
  if (common.has(password.normalize('NFKC').toLowerCase())) return refusal(passwordMessages.common);
  const normalized = password.normalize('NFKC');
  const words = wordsOf(owner);
  const result = check(normalized, words);
  if (result.score >= minPasswordScore) {
    // Leaning on one's own or the site's words ("Sahaj@2026", "sahaj clinic homeopathy"): what is
    // left without them must be strong by itself. (zxcvbn's cheapest reading may hide a word in
    // a brute-force stretch, so the words are taken out here, not from its matches.)
    let rest = normalized.toLowerCase();
    for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
    if (rest === normalized.toLowerCase() || check(rest, []).score >= minPasswordScore) return null;
    return refusal(passwordMessages.personal);
  }
  const why = reason(result);
  return refusal(why === 'common' || why === 'personal' ? passwordMessages[why] : passwordMessages.guessable(why));
}

function refusal(message: string, fieldMessage = message.slice(thisPassword.length)): PasswordRefusal {
  return { message, error: { field: 'password', message: fieldMessage } };
}
