/**
 * The copy of a page other than the home page (Our Treatments, About us, Contact, Gallery, the
 * legal pages) in the language in use. English is in src/content/en/<page>.ts, with the copy's type,
 * and is bundled with the page; हिन्दी and मराठी, which take ids and images from the English, are
 * each their own chunk (src/content/hi|mr/<page>.ts), loaded when the page is first shown in that
 * language, never with the home page. Unlike the home page's copy, a language's pages are
 * not all loaded when it is chosen: only those already shown, so that switching language on a page
 * does not blank it (languageChoice waits for them with its catalog).
 */
import { use } from 'react';
import { loadWithLanguage, useLanguage, type Language } from '../i18n/languageChoice';

export type Translations<T> = Readonly<Record<Exclude<Language, 'en'>, () => Promise<T>>>;

/**
 * A page's copy: `load(language)` (cached, one chunk per language) and a hook for the page, which
 * suspends (the route's Suspense fallback) while a language's copy is still loading.
 */
export function pageCopy<T>(english: T, translations: Translations<T>) {
  const loading = new Map<Language, Promise<T>>();
  const load = (language: Language): Promise<T> => {
    if (language === 'en') return Promise.resolve(english);
    let copy = loading.get(language);
    if (!copy) {
      const pending = translations[language]();
      pending.then(
        // Marked settled as React reads a thenable (`status`, `value`): `use` then returns a copy
        // already loaded at once, instead of suspending once more on a promise it has not yet
        // seen settle (the route's fallback for a moment; in the component suite, whose files
        // share modules, a retry that never came).
        (value) => Object.assign(pending, { status: 'fulfilled', value }),
        // A failed chunk (offline) is tried again next time rather than kept failed.
        () => loading.delete(language),
      );
      loading.set(language, (copy = pending));
    }
    return copy;
  };
  let shown = false;
  const useCopy = (): T => {
    const language = useLanguage();
    if (!shown) {
      shown = true;
      loadWithLanguage(load);
    }
    // `use` on every render of a language other than English, never only on some: a render that
    // suspended is replayed, and must call it again (React refuses a `use` that went away).
    return language === 'en' ? english : use(load(language));
  };
  return { english, load, useCopy };
}
