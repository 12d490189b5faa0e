// The WASM the app ships runs on Safari 16.4 and later (every iPhone
// browser is Safari's engine): every WebAssembly feature each module of
// dist/ was built with (its target_features section, written by rustc and
// kept by wasm-opt) is one Safari has had since 16.4 or earlier, as
// webassembly.org/features lists. SIMD, threads, tail calls, exceptions or
// GC would each need a newer Safari (or none yet) and fail here first.
// Needs a build in dist/; no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const DIST = path.resolve(import.meta.dirname, '../../dist');

/** Each feature allowed, with the first Safari that has it. */
const SAFARI = {
  'mutable-globals': '12',
  multivalue: '13.1',
  'sign-ext': '14.1',
  'bulk-memory': '15',
  'bulk-memory-opt': '15 (part of bulk memory)',
  'nontrapping-fptoint': '15',
  'reference-types': '15',
  'call-indirect-overlong': '15 (the encoding of reference types)',
};

/** The features a module was built with ("+name"), from its section. */
function featuresOf(file) {
  const module = new WebAssembly.Module(fs.readFileSync(file));
  const [section] = WebAssembly.Module.customSections(module, 'target_features');
  if (!section) return null;
  const bytes = new Uint8Array(section);
  let at = 0;
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const out = [];
  for (let n = leb(); n > 0; n--) {
    const prefix = String.fromCharCode(bytes[at++]);
    const length = leb();
    out.push(prefix + Buffer.from(bytes.subarray(at, at + length)).toString());
    at += length;
  }
  return out;
}

/** Every .wasm file under `dir`. */
function wasmFiles(dir) {
  return fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.wasm')).map((f) => path.join(dir, f));
}

test('every WASM module of the build uses only features Safari 16.4 has', () => {
  const files = wasmFiles(DIST);
  assert.ok(files.some((f) => f.endsWith('chicken-scores_bg.wasm')), 'the app\'s main module is in dist/');
  assert.ok(files.some((f) => f.includes(`${path.sep}sync${path.sep}`)), 'the club\'s sync worker is in dist/');
  for (const file of files) {
    const features = featuresOf(file);
    assert.ok(features, `${path.relative(DIST, file)} says what it was built with`);
    const used = features.filter((f) => f.startsWith('+')).map((f) => f.slice(1));
    const newer = used.filter((f) => !(f in SAFARI));
    assert.deepEqual(newer, [], `${path.relative(DIST, file)} uses only what Safari 16.4 has`);
  }
});
