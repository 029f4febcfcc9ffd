// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every file of `dist/` worth compressing,
// at the highest levels: done once per build, so the api sends them without compressing per
// request (api/src/web.rs). A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/', import.meta.url).pathname;
const worth = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const minBytes = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (worth.test(name)) yield path;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const path of files(root)) {
  const body = readFileSync(path);
  if (body.length < minBytes) continue;
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
  raw += body.length;
  br += Math.min(brotli.length, body.length);
  count += 1;
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(`precompressed ${count} files: ${kb(raw)} -> ${kb(br)} brotli`);
