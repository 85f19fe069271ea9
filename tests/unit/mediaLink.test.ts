import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDisplayableMediaLink } from '../../contract/mediaLink.js';

const id = '1AbC-dEf_23GhIjKlMnOpQrStUvWxYz';
const preview = `https://drive.google.com/file/d/${id}/preview`;
const thumbnail = `https://drive.google.com/thumbnail?id=${id}&sz=w2000`;

describe('toDisplayableMediaLink', () => {
  it('gives an empty string for an empty or blank link', () => {
    expect(toDisplayableMediaLink('')).toBe('');
    expect(toDisplayableMediaLink('   \n')).toBe('');
  });

  it.each([
    [`https://drive.google.com/file/d/${id}/view`],
    [`https://drive.google.com/file/d/${id}/view/`],
    [`https://drive.google.com/file/d/${id}/preview`],
    [`http://drive.google.com/file/d/${id}/view`],
    [`  https://drive.google.com/file/d/${id}/view  `],
  ])('turns a share link ending in view or preview into the preview: %s', (link) => {
    expect(toDisplayableMediaLink(link)).toBe(preview);
  });

  it.each([
    [`https://drive.google.com/file/d/${id}/view?usp=sharing`, 'the id in the path, a query after view'],
    [`https://drive.google.com/file/d/${id}/edit`, 'the id in the path'],
    [`https://drive.google.com/open?id=${id}`, 'the id query parameter'],
    [`https://drive.google.com/uc?export=view&id=${id}`, 'the id query parameter, not first'],
    [`https://docs.google.com/uc?id=${id}`, 'the docs host'],
    [`https://drive.google.com/file/d/${id}/view#top`, 'a fragment after view'],
  ])('turns another share link into a 2000 px thumbnail: %s (%s)', (link) => {
    expect(toDisplayableMediaLink(link)).toBe(thumbnail);
  });

  it.each([
    ['/media/team/anita.webp'],
    ['media/events/camp.jpg'],
    ['https://cdn.example.com/d/abc/view'],
    ['https://example.org/image.png?id=123'],
    ['https://drive.google.com/drive/folders'], // a Drive link with no file id
    ['https://drive.google.com/open?id=not%20an%20id'],
    ['not a url at all'],
    ['javascript:alert(1)'],
  ])('leaves a link it cannot convert unchanged: %s', (link) => {
    expect(toDisplayableMediaLink(link)).toBe(link);
  });

  const driveLink = fc
    .tuple(
      fc.constantFrom('https://drive.google.com', 'http://drive.google.com', 'https://docs.google.com'),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,44}$/),
      fc.constantFrom('/file/d/{id}/view', '/file/d/{id}/preview', '/file/d/{id}/view?usp=sharing', '/open?id={id}', '/uc?export=download&id={id}'),
    )
    .map(([origin, fileId, path]) => ({ fileId, link: origin + path.replace('{id}', fileId) }));

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }), driveLink.map((d) => d.link)), (link) => {
        expect(typeof toDisplayableMediaLink(link)).toBe('string');
      }),
    );
  });

  it('leaves every local path unchanged', () => {
    const localPath = fc
      .array(fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/), { minLength: 1, maxLength: 5 })
      .map((parts) => `/media/${parts.join('/')}`);
    fc.assert(fc.property(localPath, (path) => toDisplayableMediaLink(path) === path));
  });

  it('leaves links to other hosts unchanged', () => {
    const otherHost = fc.webUrl({ withQueryParameters: true, withFragments: true }).filter((url) => {
      const host = new URL(url).hostname;
      return host !== 'drive.google.com' && host !== 'docs.google.com';
    });
    fc.assert(fc.property(otherHost, (url) => toDisplayableMediaLink(url) === url));
  });

  it('keeps the file id of every Drive share link, in a preview or a thumbnail', () => {
    fc.assert(
      fc.property(driveLink, ({ fileId, link }) => {
        const out = toDisplayableMediaLink(link);
        expect([`https://drive.google.com/file/d/${fileId}/preview`, `https://drive.google.com/thumbnail?id=${fileId}&sz=w2000`]).toContain(out);
      }),
    );
  });

  it('is stable: a converted link converts to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), driveLink.map((d) => d.link)), (link) => {
        const once = toDisplayableMediaLink(link);
        expect(toDisplayableMediaLink(once)).toBe(once);
      }),
    );
  });
});
