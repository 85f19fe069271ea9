/**
 * The server's own messages in the language in use: src/api/client.ts passes every
 * refusal's message through `serverWords`. The catalog that knows the translations
 * (src/i18n/messages.ts, `serverWords`; the tables in src/i18n/hi|mr/server.ts) registers itself
 * here when it loads, so the API chunk the home page fetches does not carry the catalog. Until
 * then (English, the catalog not loaded) the words stay as they came.
 */
let translate: (words: string) => string = (words) => words;

export const serverWords = (words: string): string => translate(words);

/** The catalog in use says how to put the server's words. */
export function translateServerWordsWith(next: (words: string) => string): void {
  translate = next;
}
