// ESLint runs from tools/ (`npm run lint`): typescript-eslint needs the
// TypeScript 5/6 compiler API, which the root's TypeScript 7 does not have.
// The rules: the recommended sets, plus typed rules for promises nobody awaits
// or handles. Formatting is prettier's job. Import cycles are checked by
// dependency-cruiser (.dependency-cruiser.cjs), which, unlike
// import-x/no-cycle, also counts type-only imports.
import { createRequire } from 'node:module';

const require = createRequire(new URL('./tools/package.json', import.meta.url));
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
import ownFields from './scripts/lint/ownFields.mjs';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'docs/api/', 'benchmarks/results/', 'release/', 'coverage/', 'test-artifacts/', '**/src/generated/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `any` is deliberate here: `WorldState<any>` and `Ctx = any` accept every schema and context.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Type-aware rules, on the files the packages' tsconfig projects hold.
    files: ['packages/*/src/**/*.ts', 'benchmarks/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // One owner per piece of mutable state (CONTRIBUTING.md): fields are written by their class's own module.
    files: ['packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', '**/testUtil.ts'],
    plugins: { dualplan: ownFields },
    rules: { 'dualplan/no-foreign-field-writes': 'error', 'dualplan/no-internal-public-fields': 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
