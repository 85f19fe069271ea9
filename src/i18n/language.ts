/**
 * The language the site speaks: English, हिन्दी or मराठी: which languages there are,
 * where the choice is remembered and how the first visit picks one. The choice in use and its
 * store (./languageChoice.ts) come with the header's language picker, in the home page's first
 * JavaScript too; the catalogs load lazily (./catalogs.ts `loadLanguage`, each language its own
 * chunk).
 */

export const languageCodes = ['en', 'hi', 'mr'] as const;
export type Language = (typeof languageCodes)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languageCodes as readonly string[]).includes(value);

/** The local storage key of the chosen language. */
export const languageKey = 'language';

/** The language chosen earlier in this browser, or null when none was chosen (or storage is off). */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(languageKey);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The first of the browser's preferred languages that the site speaks ('hi-IN' is 'hi'), else English. */
export function preferredLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
