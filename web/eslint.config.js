// ESLint flat config for the web app (`npm run lint`).
//
// Type-aware linting: typescript-eslint `recommendedTypeChecked` rather than `recommended`.
// The TypeScript project service resolves each file through tsconfig.json's references
// (tsconfig.app.json for src/, tsconfig.node.json for e2e/ and the Vite/Vitest configs).
// A full run takes 15-30 s on a 2-core machine, inside a 60 s budget, so the type-checked set
// is affordable; it catches floating promises, `any` leaks and "[object Object]"
// stringification that the syntax-only set cannot see.
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The one-way graph of the web's layers (docs/architecture.md, "Web layers"). A feature imports
// the shared layers (components/, lib/, generated/) and the features listed for it here, never
// app/ and never a feature that is not listed; the shared layers import no feature and not
// app/. Test code (unit tests, a feature's fixtures in `testing/`) may also use test/, app/ and
// another feature's fixtures. app/ (routes, providers, and main.tsx) and test/ (the unit tests'
// set-up) may import anything.
const FEATURE_DEPENDENCIES = {
  audit: [],
  auth: [],
  config: [],
  importing: ['config'],
  live: ['reports', 'connections'],
  connections: [],
  recipes: [],
  // The batch record shows the lots its doses took (the traceability feature's table).
  reports: ['traceability'],
  schedules: ['recipes'],
  shiftlog: [],
  traceability: [],
  users: [],
};
const SRC = path.join(import.meta.dirname, 'src');

/** The layer of a path under src/: `feature:<name>`, `app`, `test`, `shared` or null (outside src/). */
function layerOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  const [top, name] = parts;
  if (top === 'features') return `feature:${name}`;
  // main.tsx starts the app: it belongs with app/.
  if (top === 'app' || parts.length === 1) return 'app';
  if (top === 'test') return 'test';
  return 'shared';
}

const boundaries = {
  meta: {
    type: 'problem',
    messages: {
      feature: '{{from}} may not import {{to}}: add it to FEATURE_DEPENDENCIES in eslint.config.js (and docs/architecture.md) if it should, or move the shared part to components/ or lib/',
      shared: '{{from}} is shared and may not import {{to}}',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (from === null || from === 'app' || from === 'test') return {};
    // Test code: unit tests and a feature's test fixtures (`testing/`), which may also use the
    // tests' set-up (test/) and the app's providers.
    const isTest = /\.test\.tsx?$/.test(file) || path.relative(SRC, file).split(path.sep).includes('testing');
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/')) target = path.join(SRC, source.slice(2));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
      else return;
      const to = layerOf(target);
      if (to === null || to === from || to === 'shared') return;
      if ((to === 'test' || to === 'app') && isTest) return;
      if (from === 'shared') {
        context.report({ node: node.source, messageId: 'shared', data: { from: path.relative(SRC, file), to: source } });
        return;
      }
      if (to.startsWith('feature:')) {
        const name = to.slice('feature:'.length);
        const allowed = FEATURE_DEPENDENCIES[from.slice('feature:'.length)] ?? [];
        const fixture = isTest && path.relative(SRC, target).split(path.sep)[2] === 'testing';
        if (allowed.includes(name) || fixture) return;
      }
      context.report({ node: node.source, messageId: 'feature', data: { from: from.replace('feature:', 'features/'), to: source } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default defineConfig(
  // dist/ is the build output; src/generated/ will hold generated code and is not ours to lint.
  globalIgnores(['dist/', 'node_modules/', 'src/generated/']),

  // The app and its unit tests, the browser journeys, and the Vite/Vitest configs with the
  // reporter they load (test-support/).
  {
    files: [
      'src/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'test-support/**/*.ts',
      'vite.config.ts',
      'vitest.config.ts',
      'vitest.e2e.config.ts',
    ],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },

  // React code only. The preset includes the React-compiler-era rules (refs, purity,
  // set-state-in-effect, static-components, ...); all are kept on. exhaustive-deps is raised
  // from the preset's warning to an error.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // The layers' one-way imports.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { batchline: { rules: { boundaries } } },
    rules: { 'batchline/boundaries': 'error' },
  },

  // This file itself: plain JavaScript outside every tsconfig, so no type information.
  {
    files: ['eslint.config.js'],
    extends: [js.configs.recommended],
  },
);
