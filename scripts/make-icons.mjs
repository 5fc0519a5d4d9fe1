import { readFileSync } from 'node:fs';
import sharp from 'sharp';

// Run by hand after the favicon changes (`node scripts/make-icons.mjs`); the PNGs are committed.
const favicon = readFileSync('public/favicon.svg', 'utf8');
const inner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
// Maskable: a full-bleed background, the mark well within the safe zone (a centred circle of 80%).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b4f8a"/><g transform="translate(6.4 5.2) scale(0.8)">${inner}</g></svg>`;

const icons = [
  { file: 'public/icons/icon-192.png', svg: favicon, size: 192 },
  { file: 'public/icons/icon-512.png', svg: favicon, size: 512 },
  { file: 'public/icons/maskable-512.png', svg: maskable, size: 512 },
  { file: 'public/icons/apple-touch-icon-180.png', svg: maskable, size: 180 },
];
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(file);
  console.log(file);
}
