// Lint runs first in `npm test`. Formatting is Prettier's job (.prettierrc); this file holds the rules that
// catch defects and keep the layering of STYLE.md §3: a module never reaches into another module's repository,
// and a public-site feature never reaches into another feature's files.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', '.data/**', '**/*.d.ts', 'public-site/public/**', 'public-site/dev/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules/)?[^./][^/]*/.*\\.repository$',
              message: "Another module's repository: ask its service (STYLE.md §3, a module owns its tables).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['public-site/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(\\.\\./)*features/|^\\.\\./(?!\\.)[^/]+/',
              message: "Another feature's internals: move what both need to components/ or lib/ (STYLE.md §3).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['admin-ui/src/**/*.{ts,tsx}', 'public-site/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // class-validator, class-transformer and @nestjs/swagger describe classes as `Function` in their metadata APIs.
    files: ['backend/src/common/openapi/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-function-type': 'off' },
  },
  {
    // Playwright's hooks take their fixtures as a destructured first argument: `({}, testInfo)` asks for none.
    files: ['test/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', '**/*.e2e-spec.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
