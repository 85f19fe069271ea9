/**
 * The value codecs of the staff console's admin forms: required and optional text (trimmed, with
 * textProblem's rules) and media links (Google Drive or a local path; the site's
 * Content-Security-Policy shows images from our origin and Drive only).
 */
import * as t from 'io-ts';
import { textProblem } from './primitives.js';

/** Text with a non-space character, at most `max` characters (textProblem's rules), trimmed on the way in. */
export const requiredText = (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  new t.Type<string, string, unknown>(
    `RequiredText(${max})`,
    (u): u is string => typeof u === 'string' && u.trim() !== '' && textProblem(u, { max, multiline }) === null,
    (u, c) => {
      if (typeof u !== 'string' || u.trim() === '') return t.failure(u, c, 'is required');
      const trimmed = u.trim();
      const problem = textProblem(trimmed, { max, multiline });
      return problem === null ? t.success(trimmed) : t.failure(u, c, problem);
    },
    (a) => a,
  );

/** Optional text, trimmed, at most `max` characters ('' allowed; textProblem's rules). */
export const optionalText = (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  new t.Type<string, string, unknown>(
    `OptionalText(${max})`,
    (u): u is string => typeof u === 'string' && textProblem(u, { max, multiline }) === null,
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c, 'must be text');
      const trimmed = u.trim();
      const problem = textProblem(trimmed, { max, multiline });
      return problem === null ? t.success(trimmed) : t.failure(u, c, problem);
    },
    (a) => a,
  );

/** Hosts whose https links the site can show (server/http/security.ts allows them in img-src / frame-src). */
export const mediaLinkHosts = ['drive.google.com', 'docs.google.com'];
export const mediaLinkHostSuffix = '.googleusercontent.com';

/**
 * '' (none), a local path starting with `/` (not `//`), or an https link to Google Drive; at most
 * 2000 characters, no spaces.
 */
export function isMediaLinkInput(link: string): boolean {
  if (link === '') return true;
  if (/\s/.test(link) || textProblem(link, { max: 2000 }) !== null) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    const host = url.hostname.toLowerCase();
    return url.protocol === 'https:' && (mediaLinkHosts.includes(host) || host.endsWith(mediaLinkHostSuffix));
  } catch {
    return false;
  }
}

export const MediaLinkInput = new t.Type<string, string, unknown>(
  'MediaLinkInput',
  (u): u is string => typeof u === 'string' && isMediaLinkInput(u),
  (u, c) => {
    const trimmed = typeof u === 'string' ? u.trim() : null;
    return trimmed !== null && isMediaLinkInput(trimmed)
      ? t.success(trimmed)
      : t.failure(u, c, 'must be empty, a path starting with / or an https:// Google Drive link');
  },
  (a) => a,
);
