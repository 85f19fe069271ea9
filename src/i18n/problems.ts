/**
 * The contract's problem words ('must be a 10-digit phone number', contract/primitives.ts and the
 * codecs) and the password rule's field words (server/security/passwordPolicy.ts) in another
 * language. The client's own checks and the server's 400 `errors` use the same English words, so
 * one table per language translates both. Words the table does not know are shown as they came
 * (English), rather than guessed at. The server's refusals themselves are worded by their code
 * (./serverCodes.ts), not here. Imported by the hi and mr catalogs only (their own chunks).
 */
export type ProblemRule = readonly [RegExp, (...parts: string[]) => string];

/** A rule for one exact sentence (no parts). */
export const exactly = (english: string, said: string): ProblemRule => [new RegExp(`^${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), () => said];

export function problemIn(rules: readonly ProblemRule[], english: string): string {
  const words = String(english);
  for (const [pattern, say] of rules) {
    const found = pattern.exec(words.trim());
    if (found) return say(...found.slice(1));
  }
  return words;
}
