import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group,
        message: 'Imports flow web -> core and server -> core only.',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/core/**'],
    rules: restrict([['@yuqing/server*', '@yuqing/web*', '**/server/**', '**/web/**']]),
  },
  {
    files: ['packages/server/**'],
    rules: restrict([['@yuqing/web*', '**/web/src/**']]),
  },
  {
    files: ['packages/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([['@yuqing/server*', '**/server/src/**']]),
    },
  },
  {
    // Command-line entry points talk to the terminal.
    files: [
      'scripts/**',
      'packages/server/src/main.ts',
      'packages/server/src/cli/**',
      'packages/server/scripts/**',
      'bench/**',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
