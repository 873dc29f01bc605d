// Writes a contact sheet of the generated art to bench/results/art-gallery.html, to look at
// the pictures the way players will: every element × rarity, every unit type, the box, DNC.
// Run: node --import tsx bench/art-gallery.ts [--webp]
//   --webp  shows what the endpoint serves (sharp, WebP 300×300) instead of the inline SVGs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderArt } from '../apps/api/src/modules/art/render-art.ts';
import type { ArtRequest } from '../apps/api/src/modules/art/art-key.ts';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'art-gallery.html');
const webp = process.argv.includes('--webp');

const tiles: Array<{ label: string; req: ArtRequest }> = [];
for (const element of [0, 1, 2] as const) {
  for (const rarity of [0, 1, 2, 3] as const) {
    for (const seed of [101 + rarity * 7 + element * 31, 9000 + rarity * 13 + element]) {
      tiles.push({ label: `ship ${element}-${rarity}-${seed}`, req: { kind: 'ship', element, rarity, seed } });
    }
  }
}
for (const type of [1, 2, 3, 4, 5] as const) tiles.push({ label: `unit ${type}`, req: { kind: 'unit', type } });
tiles.push({ label: 'blindbox frontier', req: { kind: 'blindbox', name: 'frontier' } });
for (const amount of [500, 10000, 1000000]) tiles.push({ label: `dnc ${amount}`, req: { kind: 'dnc', amount } });

async function tile({ label, req }: (typeof tiles)[number]): Promise<string> {
  const svg = renderArt(req);
  const picture = webp
    ? `<img width="300" height="300" alt="" src="data:image/webp;base64,${(await sharp(Buffer.from(svg)).resize(300, 300).webp({ quality: 82 }).toBuffer()).toString('base64')}">`
    : svg.replace('<svg ', '<svg style="width:300px;height:300px" ');
  return `<figure>${picture}<figcaption>${label}</figcaption></figure>`;
}

const started = performance.now();
const figures = await Promise.all(tiles.map(tile));
const html = `<!doctype html><meta charset="utf-8"><title>Starport art</title>
<style>body{margin:16px;background:#0f1115;color:#cbd5e1;font:13px sans-serif}main{display:flex;flex-wrap:wrap;gap:12px}
figure{margin:0}figcaption{text-align:center;padding:4px 0}</style>
<main>${figures.join('\n')}</main>`;
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, html);
console.log(`${tiles.length} pictures (${webp ? 'WebP 300x300 via sharp' : 'inline SVG'}) in ${(performance.now() - started).toFixed(0)} ms → ${OUT}`);
