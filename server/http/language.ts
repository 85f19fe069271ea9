/**
 * The language a request asks its mails in: the first of `Accept-Language`'s tags that
 * the site speaks (the app sends the page's own language there), else English. Used for the email
 * code, which may be asked before there is an account to keep a language.
 */
import type { FastifyRequest } from 'fastify';
import type { Language } from '../../contract/auth.js';

const spoken = new Set<string>(['en', 'hi', 'mr']);

export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  const found = tags.find((entry) => spoken.has(entry.primary));
  return (found?.primary as Language | undefined) ?? 'en';
}
