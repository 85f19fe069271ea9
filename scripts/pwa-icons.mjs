// The app icons of the web app manifest (src/pwa/manifest.ts), made from the clinic's logo (the
// leaf in its circle, as src/components/Icons/icons.tsx LogoMark draws it) with sharp:
// - icon-<size>.png: the logo on a transparent square ("any" purpose);
// - maskable-<size>.png: the leaf on a full square of the theme colour, inside the central 80 %
//   circle a launcher may cut the icon to (the maskable safe zone);
// - apple-touch-icon.png (180 px, opaque, for iOS's home screen).
// Run `node scripts/pwa-icons.mjs` after a change of the logo; the PNGs are committed in public/icons/.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public/icons');
const green = '#1f6f5c';
const leaf = '<path d="M16 7c-5 4-6 9-3 14 1 2 3 3 3 4 0-1 2-2 3-4 3-5 2-10-3-14z" fill="#e8f3ee"/><path d="M16 11v13" stroke="#1f6f5c" stroke-width="1.2" stroke-linecap="round"/>';

/** The logo as LogoMark draws it: the circle and the leaf. */
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${green}"/>${leaf}</svg>`;
/** Full-bleed square; the leaf scaled to 60 % around the centre, well inside the 80 % safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${green}"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${leaf}</g></svg>`;
/** Opaque square with the logo a little inset (iOS rounds the corners itself). */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${green}"/>${leaf}</svg>`;

async function write(svg, size, name) {
  const file = join(out, name);
  mkdirSync(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(`wrote public/icons/${name}`);
}

for (const size of [192, 512]) {
  await write(logo, size, `icon-${size}.png`);
  await write(maskable, size, `maskable-${size}.png`);
}
await write(apple, 180, 'apple-touch-icon.png');
