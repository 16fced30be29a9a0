import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import shape from './eslint/shape-rules.js';

const machineBoundary = {
  files: ['machines/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/src/**', '../src', '../src/*'], message: 'machines/ must not depend on src/: the app depends on the machines, never the reverse.' },
          { group: ['react', 'react-dom', 'react/*', '@xstate/react', '@tanstack/*'], message: 'machines/ are pure: no React or router.' },
          { group: ['ky', 'axios', 'node-fetch', 'undici'], message: 'machines/ are pure: effects are named placeholders provided by the app.' },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...['fetch', 'XMLHttpRequest', 'WebSocket', 'localStorage', 'sessionStorage', 'indexedDB', 'document', 'window', 'navigator'].map((name) => ({
        name,
        message: `machines/ are pure: ${name} belongs behind a provided actor or action.`,
      })),
    ],
    'no-restricted-properties': [
      'error',
      { object: 'globalThis', property: 'fetch', message: 'machines/ are pure: no fetch.' },
      { object: 'globalThis', property: 'localStorage', message: 'machines/ are pure: no storage.' },
      { object: 'globalThis', property: 'sessionStorage', message: 'machines/ are pure: no storage.' },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'visualizations/**', 'bench/results/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  machineBoundary,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}'],
    plugins: { shape },
    rules: {
      'shape/feature-boundaries': 'error',
      'shape/react-aria-in-ui': 'error',
      'shape/server-imports': 'error',
      'shape/no-effect-reads-or-moves': 'error',
    },
  },
  {
    // The server's own code runs in Node: no browser global, though the components it draws from src/ use them.
    files: ['server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history', 'requestAnimationFrame'].map((name) => ({
          name,
          message: 'server/ runs in Node: there is no browser here.',
        })),
      ],
      // Hono's c.var builds an object of every request variable on each read; the payment path reads them often.
      'no-restricted-properties': ['error', { property: 'var', message: "Read a request's variable with c.get(name): c.var builds a new object of every variable on each read." }],
    },
  },
  {
    files: ['test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
