/** Plurals by the locale's rules (issue 15); its own module, so the first page does not carry it. */
const pluralRules = new Map<string, Intl.PluralRules>();

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
