// ESLint flat config for the web app (`npm run lint`).
//
// Type-aware linting: typescript-eslint `recommendedTypeChecked` rather than `recommended`.
// The TypeScript project service resolves each file through tsconfig.json's references
// (tsconfig.app.json for src/, tsconfig.node.json for e2e/ and the Vite/Vitest configs).
// A full run takes 15-30 s on a 2-core machine, inside a 60 s budget, so the type-checked set
// is affordable; it catches floating promises, `any` leaks and "[object Object]"
// stringification that the syntax-only set cannot see.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

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

  // This file itself: plain JavaScript outside every tsconfig, so no type information.
  {
    files: ['eslint.config.js'],
    extends: [js.configs.recommended],
  },
);
