/**
 * The languages the site can show, each loaded when first chosen: Hindi and Marathi are chunks of
 * their own (./hi/, ./mr/, one file per area mirroring the English files), each a `Messages`, so
 * a missing or extra key fails the type-check; tests/unit/catalogLanguages.test.ts checks that no
 * text is empty or left in English unless it is a spec message or a name. Kept apart from
 * ./messages.ts, which the languages' catalogs import for the English words they reuse.
 */
import type { Language as LanguageCode } from './language';
import { en, setCatalog, type Messages } from './messages';

const languages = {
  en: async (): Promise<Messages> => en,
  hi: () => import('./hi/messages').then((module) => module.messages),
  mr: () => import('./mr/messages').then((module) => module.messages),
} satisfies Record<LanguageCode, () => Promise<Messages>>;

export type Language = keyof typeof languages;

/** Loads a language's catalog and puts it in use; views reading `useMessages()` show it. */
export async function loadLanguage(language: Language): Promise<void> {
  setCatalog(await languages[language]());
}

/** Every language's catalog, loaded (for tests and the missing-keys script). */
export const loadCatalog = (language: Language): Promise<Messages> => languages[language]();
