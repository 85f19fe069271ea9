/**
 * Spec §5: the link a clinic stores for an image or a video, turned into one a page can show.
 *
 * The rules, in order (the input is trimmed first):
 *
 * 1. An empty link (or only spaces) gives ''.
 * 2. Only Drive-style share links are converted: absolute http(s) links whose host is
 *    `drive.google.com` or `docs.google.com`. Anything else (a local path such as
 *    `/media/team/anita.webp`, another site's URL, text that is not a URL) comes back exactly as
 *    it was given.
 * 3. The file id is taken from the path (`/d/{id}`, as in `/file/d/{id}/view`), else from the
 *    `id` query parameter (as in `/open?id={id}` or `/uc?export=view&id={id}`). An id is
 *    letters, digits, `_` and `-`. A Drive link without a usable id comes back unchanged.
 * 4. A link that ends in `view` or `preview` (its last path segment, with nothing after it: no
 *    query, no fragment; a trailing `/` is allowed) gives the embeddable preview
 *    `https://drive.google.com/file/d/{id}/preview` (for videos in an iframe).
 * 5. Any other Drive link gives the image thumbnail
 *    `https://drive.google.com/thumbnail?id={id}&sz=w2000` (2000 px wide, spec §9).
 *
 * So `…/file/d/{id}/view?usp=sharing` (the link Drive's Share button copies) becomes a
 * thumbnail, while `…/file/d/{id}/view` becomes a preview: store video links without the query.
 * Both outputs are fixed points: converting a converted link again gives the same link.
 * The function is pure and never throws.
 */

const driveHosts = new Set(['drive.google.com', 'docs.google.com']);
const fileIdPattern = /^[A-Za-z0-9_-]+$/;

export const thumbnailWidth = 2000;

export function toDisplayableMediaLink(link: string): string {
  const trimmed = typeof link === 'string' ? link.trim() : '';
  if (trimmed === '') return '';

  const url = parseAbsoluteUrl(trimmed);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !driveHosts.has(url.hostname)) {
    return link;
  }

  const id = fileIdOf(url);
  if (!id) return link;

  // The id matches fileIdPattern, so it goes into the new link as it is.
  return endsInView(url)
    ? `https://drive.google.com/file/d/${id}/preview`
    : `https://drive.google.com/thumbnail?id=${id}&sz=w${thumbnailWidth}`;
}

function parseAbsoluteUrl(text: string): URL | null {
  try {
    return new URL(text); // no base: relative paths fail here and stay as they are
  } catch {
    return null;
  }
}

function fileIdOf(url: URL): string | null {
  const fromPath = /\/d\/([^/]+)/.exec(url.pathname)?.[1];
  const candidate = fromPath ?? url.searchParams.get('id');
  return candidate && fileIdPattern.test(candidate) ? candidate : null;
}

function endsInView(url: URL): boolean {
  if (url.search !== '' || url.hash !== '') return false;
  const last = url.pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'view' || last === 'preview';
}
