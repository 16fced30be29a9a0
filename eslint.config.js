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
          {
            group: ['**/src/**', '../src', '../src/*'],
            message: 'machines/ must not depend on src/: the app depends on the machines, never the reverse.',
          },
          {
            group: ['react', 'react-dom', 'react/*', '@xstate/react', '@tanstack/*'],
            message: 'machines/ are pure: no React or router.',
          },
          {
            group: ['ky', 'axios', 'node-fetch', 'undici'],
            message: 'machines/ are pure: effects are named placeholders provided by the app.',
          },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...[
        'fetch',
        'XMLHttpRequest',
        'WebSocket',
        'localStorage',
        'sessionStorage',
        'indexedDB',
        'document',
        'window',
        'navigator',
      ].map((name) => ({
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

/**
 * Types end to end (issue 53): the claims and the child actors are typed where they are declared,
 * and pages of the app are reached by typed route targets (src/routing/route-target.ts), so a
 * cast or a hand-built '/payment/...' address means the types are loose again.
 */
const typesEndToEnd = {
  files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "TSAsExpression:matches([expression.name='claims'], [expression.property.name='claims'])",
        message: 'No cast of the claims: start-up is generic over the API claims type (src/app/startup-actor.ts).',
      },
      {
        selector: "TSAsExpression[expression.object.property.name='children']",
        message: "No cast of a child actor: declare it in setup({ types: { children: { id: 'src' } } }).",
      },
      {
        selector: 'Literal[value=/^\\/payment\\//], TemplateElement[value.raw=/^\\/payment\\//]',
        message: 'No hand-built app address: navigate with a typed route target ({ to, params, search }) and hrefOf().',
      },
      {
        selector:
          "TemplateLiteral:matches([expressions.0.name=/^(APP_BASE|appBase)$/], [expressions.0.property.name='appBase'])[quasis.1.value.raw=/^\\/./], TemplateLiteral:matches([expressions.0.name=/^(APP_BASE|appBase)$/], [expressions.0.property.name='appBase'])[quasis.1.value.raw='/'][quasis.length>2]",
        message:
          'No app address built on the base: navigate with a typed route target ({ to, params, search }) and hrefOf().',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'visualizations/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
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
  typesEndToEnd,
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
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'location',
          'history',
          'requestAnimationFrame',
        ].map((name) => ({
          name,
          message: 'server/ runs in Node: there is no browser here.',
        })),
      ],
      // Hono's c.var builds an object of every request variable on each read; the payment path reads them often.
      'no-restricted-properties': [
        'error',
        {
          property: 'var',
          message:
            "Read a request's variable with c.get(name): c.var builds a new object of every variable on each read.",
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
