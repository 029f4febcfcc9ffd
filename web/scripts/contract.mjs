// `npm run contract`: the web's copy of the server's contract, generated, never hand-written.
//
//   1. `batchline contract DIR` writes openapi.json (the REST api), live.json (the frames of the
//      live socket, with `x-close-codes`) and access.json (roles, privileges, the named rules and
//      the server's verdict for every identity).
//   2. openapi-typescript turns openapi.json into api.d.ts and live.json into live.d.ts.
//   3. live.json's `x-close-codes` and `x-series-points` go to live-constants.json (values,
//      which a .d.ts cannot hold).
//   4. openapi.json and live.json are deleted: only the .d.ts files, access.json and
//      live-constants.json are committed.
//
// Usage: node scripts/contract.mjs [DIR]  (DIR defaults to src/generated; run from web/)
// BATCHLINE_BIN names the binary (default ../target/debug/batchline). scripts/check-contract.sh
// runs this same script into a temporary folder and compares, so the two cannot drift.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(process.cwd(), process.argv[2] ?? 'src/generated');
const bin = resolve(process.cwd(), process.env.BATCHLINE_BIN ?? '../target/debug/batchline');
const openapiTs = join(web, 'node_modules', '.bin', 'openapi-typescript');

const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });

mkdirSync(dir, { recursive: true });
run(bin, ['contract', dir]);

// `--empty-objects-unknown`: a schema that says only `type: object` (a topic frame's `data`, a
// descriptor's `fields`) becomes `unknown`, not `Record<string, never>`, so the web narrows it.
for (const [input, output] of [
  ['openapi.json', 'api.d.ts'],
  ['live.json', 'live.d.ts'],
]) {
  run(openapiTs, [join(dir, input), '--output', join(dir, output), '--empty-objects-unknown']);
}

const live = JSON.parse(readFileSync(join(dir, 'live.json'), 'utf8'));
const codes = live['x-close-codes'];
if (!codes || typeof codes !== 'object') throw new Error('live.json has no x-close-codes');
const sorted = Object.fromEntries(Object.entries(codes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const seriesPoints = live['x-series-points'];
if (typeof seriesPoints !== 'number') throw new Error('live.json has no x-series-points');
const dosingSeries = live['x-dosing-series'];
if (typeof dosingSeries !== 'string') throw new Error('live.json has no x-dosing-series');
writeFileSync(join(dir, 'live-constants.json'), `${JSON.stringify({ closeCodes: sorted, dosingSeries, seriesPoints }, null, 2)}\n`);

rmSync(join(dir, 'openapi.json'));
rmSync(join(dir, 'live.json'));
