/**
 * A language's words for the server's refusals, by their stable code (contract/errors.ts `code`):
 * a sentence, or a function of the refusal's values (`{ minutes: 5 }`). A code the table does not
 * have is said as the server's English, rather than guessed at. Imported by the hi and mr
 * catalogs only (their own chunks); tests/unit/serverWords.test.ts checks that every
 * patient-facing code has words in each.
 */
import type { ErrorParams } from '../../contract/errors';
import type { ServerRefusal } from '../api/serverWords';

export type ServerCodeWords = Readonly<Record<string, string | ((params: ErrorParams) => string)>>;

/** The refusal in the table's words; its English when the table lacks its code, or it lacks the values the words need. */
export function wordsOfCode(table: ServerCodeWords, refusal: ServerRefusal): string {
  const say = Object.hasOwn(table, refusal.code) ? table[refusal.code] : undefined;
  if (say === undefined) return refusal.message;
  if (typeof say === 'string') return say;
  return refusal.params ? say(refusal.params) : refusal.message;
}
