// @ts-check
import eslint from '@eslint/js';
import prettierRecommended from 'eslint-plugin-prettier/recommended';
import tseslint from 'typescript-eslint';

const layer = (patterns) => ['error', { patterns }];

/** What the explorer page's scripts (lib/explorer/) use of the browser. */
const BROWSER_GLOBALS = [
  'AbortController',
  'Blob',
  'DOMException',
  'Event',
  'EventListener',
  'HTMLElement',
  'TextDecoderStream',
  'TextEncoder',
  'URL',
  'atob',
  'btoa',
  'clearTimeout',
  'document',
  'fetch',
  'location',
  'setTimeout',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-sample/**',
      'dist-conformance/**',
      'dist-dev/**',
      'dist-explorer/**',
      'dist-test/**',
      'coverage/**',
      '.conformance/**',
      'eslint.config.mjs',
      'jest.config.mjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettierRecommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { disallowTypeAnnotations: false, fixStyle: 'inline-type-imports' },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        console: 'readonly',
        process: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  {
    // The explorer page's scripts: ES modules for the browser, type-checked with JSDoc by
    // lib/explorer/tsconfig.browser.json (npm run typecheck) and bundled by
    // scripts/build-explorer.mjs with the parts of lib/client and lib/core they import.
    files: ['lib/explorer/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'module',
      globals: Object.fromEntries(BROWSER_GLOBALS.map((name) => [name, 'readonly'])),
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      'no-restricted-imports': layer([
        {
          regex: '^(?!\\./|\\.\\./(client|core)/)',
          message:
            'The explorer page imports its own modules, lib/client and lib/core only: it runs in a browser.',
        },
      ]),
    },
  },
  {
    // Nest DI reads constructor parameter types at run time: never turn those imports into `import type`.
    files: ['lib/nest/**/*.ts', 'sample/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['lib/core/**/*.ts'],
    rules: {
      'no-restricted-imports': layer([
        {
          group: [
            '@nestjs/*',
            'rxjs',
            'rxjs/*',
            'reflect-metadata',
            'node:http',
            'http',
            'node:https',
            'express',
          ],
          message: 'lib/core stays free of Nest, rxjs and node:http.',
        },
        {
          group: ['**/nest/**', '**/transports/**', '**/client/**', '**/cli/**', '**/explorer/**'],
          message: 'lib/core imports nothing else in lib/.',
        },
      ]),
    },
  },
  {
    files: ['lib/transports/**/*.ts', 'lib/client/**/*.ts', 'lib/auth/**/*.ts'],
    rules: {
      'no-restricted-imports': layer([
        {
          group: ['@nestjs/*', 'rxjs', 'rxjs/*', 'reflect-metadata'],
          message: 'transports and client load without Nest.',
        },
        {
          group: ['**/nest/**', '**/cli/**', '**/explorer/**'],
          message: 'transports and client import only lib/core.',
        },
      ]),
    },
  },
  {
    files: ['lib/nest/**/*.ts', 'lib/cli/**/*.ts', 'lib/redis/**/*.ts', 'lib/index.ts'],
    rules: {
      'no-restricted-imports': layer([
        {
          group: ['**/explorer/**', '**/explorer'],
          message:
            'lib/explorer is the browser code of the explorer page: only scripts/build-explorer.mjs reads it.',
        },
      ]),
    },
  },
  {
    files: ['lib/express/**/*.ts'],
    rules: {
      'no-restricted-imports': layer([
        {
          group: ['../*', '../**'],
          message:
            "lib/express imports nothing else in lib/: only Nest's Express adapter and node:http.",
        },
      ]),
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
