/**
 * Compares a language's catalog with the English one: the keys missing or extra, the
 * texts that are empty, and those left identical to English where they should not be. Used by
 * tests/unit/catalogLanguages.test.ts and `npm run i18n:missing` (scripts/i18n-missing.ts), which
 * lists what a merge that brought new English texts leaves to translate. Not part of the app.
 */

/**
 * Texts that stay as in English in every language, by path: the spec's messages (word for word,
 * §8), brand names, and texts made of names and punctuation only.
 */
export const sameAsEnglish: readonly RegExp[] = [
  /^spec\./, // the spec's messages, word for word in English
  /^social\./, // Facebook, Instagram, X, YouTube, LinkedIn
  /^account\.staffConsole$/, // the staff console stays English (docs/i18n.md)
  /^account\.maskedPassword$/, // dots
  /^appointments\.appointmentHeading$/, // `${doctor}, ${date}`
  /^appointments\.editWhich$/, // `${doctor}, ${type}`
  /^waitlist\.(what|offerWhen)$/, // `${type}, ${place}`, `${date}, ${time}, ${place}`
  /^people\.reminder(Sms|Whatsapp)$/, // SMS, WhatsApp: written so in Hindi and Marathi too
  /^mobile\.channels\./, // the same names, in the mobile sign-in's channel choice
  /^serverWords$/, // a code it does not know is said in the server's English (tests/unit/serverWords.test.ts checks the known ones)
];

export interface CatalogReport {
  readonly missing: string[];
  readonly extra: string[];
  readonly empty: string[];
  readonly untranslated: string[];
  /** Spec messages that differ from English (they must stay word for word). */
  readonly specChanged: string[];
}

/**
 * One argument for any text function: a string, a number (NaN), a list of names and an object of
 * named fields at once, so every function of the catalog can be called without a table of examples.
 */
function sampleArgument(): unknown {
  const value = Object.assign(['Asha', 'Ravi'], {
    toLowerCase: () => 'asha,ravi',
    charAt: (index: number) => 'asha,ravi'.charAt(index), // account.fieldProblem capitalises its words' first letter
    name: 'Asha',
    phone: '98220 12345',
    email: 'asha@example.com',
    message: 'Hello',
  });
  return value;
}

const render = (value: unknown): unknown =>
  typeof value === 'function' ? (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, sampleArgument)) : value;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Page copy (src/content/*): the images' files and sizes, ids and video files stay as they are; the legal pages' date (spec §9). */
export const sameInCopy: readonly RegExp[] = [/\.(src|poster|id|width|height)$/, /(^|[./])(terms|privacy)\.date$/];

export function compareCatalogs(
  english: unknown,
  other: unknown,
  path = '',
  report?: CatalogReport,
  allowed: readonly RegExp[] = sameAsEnglish,
): CatalogReport {
  const out: CatalogReport = report ?? { missing: [], extra: [], empty: [], untranslated: [], specChanged: [] };
  if (Array.isArray(english)) {
    if (!Array.isArray(other)) {
      out.missing.push(path);
      return out;
    }
    english.forEach((item, index) => {
      if (index >= other.length) out.missing.push(`${path}.${index}`);
      else compareCatalogs(item, other[index], `${path}.${index}`, out, allowed);
    });
    for (let index = english.length; index < other.length; index++) out.extra.push(`${path}.${index}`);
    return out;
  }
  if (english === null) {
    // Null in English, given in a translation only (the legal pages' note that the English binds).
    if (isRecord(other)) for (const [key, value] of Object.entries(other)) compareCatalogs('', value, `${path}.${key}`, out, [/./]);
    return out;
  }
  if (typeof english === 'number' || typeof english === 'boolean') {
    if (typeof other !== typeof english) out.missing.push(path);
    return out;
  }
  if (isRecord(english)) {
    if (!isRecord(other)) {
      out.missing.push(path);
      return out;
    }
    for (const key of Object.keys(english)) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in other)) out.missing.push(at);
      else compareCatalogs(english[key], other[key], at, out, allowed);
    }
    for (const key of Object.keys(other)) if (!(key in english)) out.extra.push(path ? `${path}.${key}` : key);
    return out;
  }
  const mine = render(other);
  const theirs = render(english);
  if (typeof mine !== 'string' || mine.trim() === '') {
    out.empty.push(path);
    return out;
  }
  const same = allowed.some((pattern) => pattern.test(path));
  if (/^spec\./.test(path) && mine !== theirs) out.specChanged.push(path);
  if (!same && mine === theirs) out.untranslated.push(path);
  return out;
}
