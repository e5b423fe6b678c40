// One lint setup for the storefront, the shop API, the tests and the scripts.
// Next's rules (core web vitals, React hooks, accessibility of JSX) plus typescript-eslint's recommended ones;
// eslint-config-prettier last, so formatting is Prettier's alone.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  prettier,
  {
    rules: {
      // `_name` marks what is left out on purpose, and `{ secret, ...rest }` drops fields from an object.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  globalIgnores([
    '.next*/**',
    '.content-collections/**',
    'var/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'shop-api/migrations/**',
  ]),
]);
