// Photos for the Photo tests and bench: the generated hands committed in
// tests/fixtures/photos/ (with their true tiles), and files made here: a
// PNG of a bare table, a huge PNG that is a few KB, a file over the byte
// limit, a text file that says it is a JPEG.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/photos');

/** The committed photo of one set ('d6', 'd9', 'd12', 'd15'): its path
 *  and its truth ({ seed, set, tiles: [{ a, b }] }). */
export function fixture(set) {
  const seeds = JSON.parse(fs.readFileSync(path.join(PHOTOS, 'seeds.json'), 'utf8'));
  const seed = seeds[set];
  return { file: path.join(PHOTOS, `${seed}.jpg`), truth: JSON.parse(fs.readFileSync(path.join(PHOTOS, `${seed}.json`), 'utf8')) };
}

export const SET_NAMES = { d6: 'Double-6', d9: 'Double-9', d12: 'Double-12', d15: 'Double-15' };
export const SET_MAX = { d6: 6, d9: 9, d12: 12, d15: 15 };

/** "a|b" of a tile, low end first. */
export const key = (a, b) => `${Math.min(a, b)}|${Math.max(a, b)}`;

/** A tile's points (the double-blank at 50). */
export const points = (a, b) => (a === 0 && b === 0 ? 50 : a + b);

/** A PNG of `width` × `height`: `bitDepth` 8 RGB rows from `row(y)`, or
 *  1-bit grey (all black) when `row` is not given. */
export function png(width, height, row, bitDepth = 8) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = row ? 8 : bitDepth;
  ihdr[9] = row ? 2 : 0; // RGB, or greyscale
  const stride = row ? width * 3 : Math.ceil((width * bitDepth) / 8);
  const raw = Buffer.alloc((stride + 1) * height);
  if (row) for (let y = 0; y < height; y++) row(y).copy(raw, y * (stride + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A bare table: a brown wood-like gradient with grain, no tiles. */
export function bareTable() {
  const [w, h] = [960, 720];
  let seed = 7;
  const noise = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed % 9) - 4; };
  return png(w, h, (y) => {
    const r = Buffer.alloc(w * 3);
    for (let x = 0; x < w; x++) {
      const grain = 10 * Math.sin(y / 9 + Math.sin(x / 60) * 2);
      const light = 0.75 + 0.25 * (x / w);
      r[x * 3] = Math.max(0, Math.min(255, Math.round((140 + grain) * light + noise())));
      r[x * 3 + 1] = Math.max(0, Math.min(255, Math.round((90 + grain * 0.7) * light + noise())));
      r[x * 3 + 2] = Math.max(0, Math.min(255, Math.round((50 + grain * 0.4) * light + noise())));
    }
    return r;
  });
}

/** A valid 1-bit PNG of 20000 × 15000 (300 megapixels) in a few KB. */
export function hugePng() {
  return png(20000, 15000, null, 1);
}

/** A path to a file of `bytes` zeros (sparse: made at once). */
export function bigFile(bytes) {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-photo-')), 'photo.jpg');
  fs.writeFileSync(p, '');
  fs.truncateSync(p, bytes);
  return p;
}
