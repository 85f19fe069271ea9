/**
 * The code of a refusal that has no code of its own (contract/errors.ts `code`), by its status:
 * the app's own refusals (bad input, no such endpoint, too large, a crash), any message no
 * service registered, and an answer not from this API. No codec here, so the machines' failure
 * guards (machines/failures.ts) read it without io-ts.
 */
export const genericErrorCodes = {
  400: 'request.invalid',
  401: 'auth.required',
  403: 'auth.forbidden',
  404: 'request.notFound',
  409: 'request.conflict',
  413: 'request.tooLarge',
  415: 'request.notJson',
  429: 'request.tooMany',
  502: 'server.unavailable',
  500: 'server.error',
} as const;

export function genericErrorCode(status: number): string {
  const known = (genericErrorCodes as Record<number, string>)[status];
  if (known) return known;
  return status >= 400 && status < 500 ? 'request.refused' : 'server.error';
}
