/** Plurals and counts by the locale's rules; its own module, so the first page does not carry it. */
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The digits of every number the patient side writes, in every language: Latin ("28 नोव्हें",
 * "₹1,250.00", "09:15"). Marathi's CLDR default is Devanagari, but the slots, the times, what a
 * patient types (phone, age, codes) and what the doctor writes (30C, 4 pills) are Latin, and Latin
 * digits are what Indian sites and apps show in Hindi and Marathi alike: one style, never a mix
 * (docs/i18n.md "Dates, times, numbers, plurals"). Every Intl formatter of the app takes it.
 */
export const numberingSystem = 'latn';

const countFormats = new Map<string, Intl.NumberFormat>();
/** A count as the locale groups it ("1,250"), in the app's digits. */
export function formatCount(locale: string, count: number): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { numberingSystem });
    countFormats.set(locale, format);
  }
  return format.format(count);
}

/**
 * A counted phrase, the number and its words in the locale's plural form: "16 वेळा रिकाम्या",
 * "1 वेळ रिकामी". The words are a whole phrase, never a bare adjective after a number.
 */
export function counted(locale: string, count: number, forms: { readonly one: string; readonly other: string }): string {
  return `${formatCount(locale, count)} ${plural(locale, count, forms)}`;
}

/**
 * The form of a counted text by the locale's own plural rules (Intl.PluralRules): English and
 * Marathi say "one" for 1 only, Hindi for 0 and 1 as well. `other` is used for any category the
 * forms do not give.
 */
export function plural(locale: string, count: number, forms: { readonly one: string; readonly other: string }): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count) === 'one' ? forms.one : forms.other;
}
