// Renders the app's PNG icons from public/icon.svg with headless Chromium
// (run once when the icon changes; the PNGs are committed):
//   node tests/tools/icons.mjs
// icon-192.png and icon-512.png are the icon as drawn (rounded square);
// icon-maskable-512.png fills the square and keeps the chicken inside the
// central 80% circle that launchers may crop to.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(ROOT, 'tests/browser/package.json'));
const { chromium } = require('playwright-core');

const svg = fs.readFileSync(path.join(ROOT, 'public/icon.svg'), 'utf8');
const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#f4a300"/><g transform="translate(12.8 12.8) scale(0.6)">${inner}</g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
const page = await browser.newPage();
async function render(markup, size, file) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${markup.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: path.join(ROOT, 'public', file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`public/${file}: ${fs.statSync(path.join(ROOT, 'public', file)).size} B`);
}
await render(svg, 192, 'icon-192.png');
await render(svg, 512, 'icon-512.png');
await render(maskable, 512, 'icon-maskable-512.png');
await browser.close();
