/**
 * English: the before/after illustrations of /gallery (drawn, not photographs, to protect
 * patients' privacy). ../hi/gallery.ts and ../mr/gallery.ts take their ids and images and translate
 * titles and alternative texts; ../gallery.ts serves the three to the page.
 */
import type { Picture } from '../home';

export interface BeforeAfter {
  readonly id: string;
  readonly title: string;
  readonly duration: string;
  readonly before: Picture;
  readonly after: Picture;
}

export const beforeAfter: readonly BeforeAfter[] = [
  {
    id: 'hand-eczema',
    title: 'Eczema on the back of the hand',
    duration: 'About six months of treatment',
    before: {
      src: '/media/gallery/eczema-before.svg',
      alt: 'Illustration of a hand with red, dry, cracked patches of eczema',
      width: 400,
      height: 300,
    },
    after: {
      src: '/media/gallery/eczema-after.svg',
      alt: 'Illustration of the same hand with clear, even skin',
      width: 400,
      height: 300,
    },
  },
  {
    id: 'cheek-acne',
    title: 'Acne on the cheek',
    duration: 'About four months of treatment',
    before: {
      src: '/media/gallery/acne-before.svg',
      alt: 'Illustration of a cheek with many red acne spots',
      width: 400,
      height: 300,
    },
    after: {
      src: '/media/gallery/acne-after.svg',
      alt: 'Illustration of the same cheek with a few faint marks',
      width: 400,
      height: 300,
    },
  },
  {
    id: 'elbow-psoriasis',
    title: 'Psoriasis on the elbow',
    duration: 'About nine months of treatment',
    before: {
      src: '/media/gallery/psoriasis-before.svg',
      alt: 'Illustration of an elbow with a thick, scaly plaque',
      width: 400,
      height: 300,
    },
    after: {
      src: '/media/gallery/psoriasis-after.svg',
      alt: 'Illustration of the same elbow with a small, faint pink patch',
      width: 400,
      height: 300,
    },
  },
];
