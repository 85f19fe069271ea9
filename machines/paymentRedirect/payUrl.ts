/**
 * The /payment page (spec §2 "Reads query parameter payUrl and redirects the browser to it"),
 * closed: it redirects only to the payment provider's checkout pages. The page reads `payUrl`,
 * asks `checkPayUrl(payUrl, allowList)`, and either sends the browser to the `url` it returns
 * (that normalised URL, never the raw text) or shows an error; it never redirects anywhere else.
 * No machine: the page has nothing to wait for.
 *
 * The allow-list comes from the app's configuration (the provider's checkout origins): entries
 * like 'https://mercury.phonepe.com' (any page of that origin) or, to narrow it to a path,
 * 'http://localhost:3000/api/payment/sandbox/' (pages under that path; the sandbox checkout is
 * served by our own server, whose other pages are no checkout). An entry that is not an http(s)
 * URL without user info, query or fragment allows nothing.
 *
 * Refused: a missing or blank payUrl; anything but an absolute http(s) URL written out in full
 * (`javascript:`, `data:`, a protocol-relative `//host`, a relative path); any URL with user info
 * (`https://good.example@evil.example` is a page of evil.example, and `https://x@good.example` is
 * a trick even when it lands right); whitespace, control characters or backslashes anywhere
 * (which URL parsers quietly drop or turn into slashes); an origin that is not exactly an
 * allowed one (scheme, host and port; so no look-alike, sub- or super-domain, other port, or
 * https -> http); a path outside an entry's path.
 */

export type PayUrlRefusal = 'missing' | 'notAUrl' | 'notAllowed';
export type PayUrlCheck = { ok: true; url: string } | { ok: false; reason: PayUrlRefusal };

/** Longer than any checkout URL; anything longer is refused without parsing. */
const maxLength = 4096;

type Entry = { origin: string; path: string };

function parseAbsolute(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

const isHttp = (url: URL): boolean => url.protocol === 'https:' || url.protocol === 'http:';

/** An allow-list entry as an origin and a path prefix ('/' for the whole origin); null allows nothing. */
function entryOf(text: string): Entry | null {
  if (hasForbiddenCharacter(text)) return null;
  const url = parseAbsolute(text);
  if (url === null || !isHttp(url) || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return null;
  }
  return { origin: url.origin, path: url.pathname };
}

const forbidden = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
function hasForbiddenCharacter(text: string): boolean {
  return forbidden.test(text);
}

/** `path` is the entry's path or below it (at a segment boundary). */
function isUnder(path: string, entryPath: string): boolean {
  if (entryPath === '/' || path === entryPath) return true;
  const prefix = entryPath.endsWith('/') ? entryPath : `${entryPath}/`;
  return path.startsWith(prefix);
}

export function checkPayUrl(payUrl: string | null | undefined, allowList: readonly string[]): PayUrlCheck {
  if (typeof payUrl !== 'string' || payUrl.trim() === '') return { ok: false, reason: 'missing' };
  if (payUrl.length > maxLength || hasForbiddenCharacter(payUrl) || !/^https?:\/\/[^/]/i.test(payUrl)) {
    return { ok: false, reason: 'notAUrl' };
  }
  const url = parseAbsolute(payUrl);
  if (url === null || !isHttp(url)) return { ok: false, reason: 'notAUrl' };
  // User info, even empty (`https://@good.example`): the part between `//` and the path.
  const authority = payUrl.slice(payUrl.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (url.username !== '' || url.password !== '' || authority.includes('@')) return { ok: false, reason: 'notAllowed' };
  const allowed = allowList
    .map(entryOf)
    .some((entry) => entry !== null && entry.origin === url.origin && isUnder(url.pathname, entry.path));
  return allowed ? { ok: true, url: url.href } : { ok: false, reason: 'notAllowed' };
}
