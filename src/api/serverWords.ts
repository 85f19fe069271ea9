/**
 * The server's refusals in the language in use: src/api/client.ts passes every refusal
 * (`{ code, message, params }`, contract/errors.ts) through `serverWords`, which words it by its
 * code, never by its English. The catalog that knows the words (src/i18n/messages.ts
 * `serverWords`; the tables in src/i18n/hi|mr/server.ts) registers itself here when it loads, so
 * the API chunk the home page fetches does not carry the catalog. Until then (English, the
 * catalog not loaded) a refusal says the server's own message.
 */
import type { ErrorParams } from '../../contract/errors.js';

/** A refusal as a catalog words it: its stable code, the server's English, and its values. */
export type ServerRefusal = { readonly code: string; readonly message: string; readonly params?: ErrorParams };

let translate: (refusal: ServerRefusal) => string = (refusal) => refusal.message;

export const serverWords = (refusal: ServerRefusal): string => translate(refusal);

/** The catalog in use says how to put the server's refusals. */
export function translateServerWordsWith(next: (refusal: ServerRefusal) => string): void {
  translate = next;
}
