// Fails when web/src keeps its own copy of what the contract generates (issue 31): a list of
// strings that are all values of one generated enum (src/generated/enums.ts: a filter's kinds,
// a report's groupings, statuses…) and either every value of it or at least three (two words
// of a long list, such as the pickers `['line', 'shift']`, are a coincidence, not a copy), or an input's maximum length written as a number instead of
// read from LIMITS (src/lib/limits.ts, the server's model/src/limits.rs). Test files and
// fixtures may spell values; screens and their helpers take them from src/generated.
//
// Usage: node scripts/no-copies.mjs [SRC] (SRC defaults to web/src; scripts/check-contract.sh
// runs it; scripts/no-copies.test.ts tries it on a folder of its own)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The generated enums: name → its values. */
function enums(src) {
  const text = readFileSync(join(src, 'generated', 'enums.ts'), 'utf8');
  const out = new Map();
  for (const m of text.matchAll(/^export const (\w+) = \[(.*)\] as const;$/gm)) {
    const values = [...m[2].matchAll(/'([^']*)'/g)].map((v) => v[1]);
    if (values.length >= 2) out.set(m[1], new Set(values));
  }
  if (out.size === 0) throw new Error('src/generated/enums.ts lists no enum: run `npm run contract`');
  return out;
}

const skipped = (path) =>
  path.startsWith('generated/') || path.startsWith('test/') || /(^|\/)testing\//.test(path) || /\.test\.tsx?$/.test(path);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** What `src` copies, one line per copy (empty when nothing). */
export function copies(src) {
  const lists = enums(src);
  const problems = [];
  for (const file of files(src)) {
    const path = relative(src, file);
    if (skipped(path)) continue;
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node) => `src/${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node) => {
      if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2 && node.elements.every(ts.isStringLiteralLike)) {
        const values = node.elements.map((e) => e.text);
        for (const [name, all] of lists) {
          if (values.every((v) => all.has(v)) && (new Set(values).size === all.size || values.length >= 3)) {
            problems.push(`${where(node)}: a copy of the generated enum ${name}: import it from '@/generated/enums'`);
            break;
          }
        }
      }
      const numeric = (init) => init && (ts.isNumericLiteral(init) || (ts.isJsxExpression(init) && init.expression && ts.isNumericLiteral(init.expression)));
      if (ts.isJsxAttribute(node) && node.name.getText(source) === 'maxLength' && numeric(node.initializer)) {
        problems.push(`${where(node)}: a maximum length written as a number: read it from LIMITS ('@/lib/limits')`);
      }
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'maxLength' && numeric(node.initializer)) {
        problems.push(`${where(node)}: a maximum length written as a number: read it from LIMITS ('@/lib/limits')`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const src = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'src'));
  const problems = copies(src);
  for (const p of problems) console.error(`[contract] ${p}`);
  if (problems.length > 0) process.exit(1);
  console.error('[contract] web/src keeps no copy of a generated enum or limit');
}
