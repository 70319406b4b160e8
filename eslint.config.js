// Lint rules, including the import boundaries of DESIGN §2: dependencies point inward.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const cloudAndRuntime = [
  { group: ['@aws-sdk/*', 'aws-lambda'], message: 'domain/ is pure: no AWS SDK.' },
  { group: ['@middy/*'], message: 'domain/ is pure: no middy.' },
  { group: ['stripe', 'jose'], message: 'domain/ is pure: integrations own third parties.' },
  {
    group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os'],
    message: 'domain/ is pure: no Node I/O.',
  },
  {
    regex: '(^|/)(data|handlers|integrations)(/|$)',
    message: 'domain/ may import contracts only.',
  },
  { regex: '^(\\.\\./)+(local|infra|events|frontend)(/|$)', message: 'domain/ may import contracts only.' },
];

const clockAndEnv = [
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: 'domain/ never reads process.env: pass configuration in.',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'domain/ never reads the clock: pass the time in.',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'domain/ never reads the clock: pass the time in.',
  },
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
    message: 'domain/ is deterministic: pass randomness in.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'cdk.out/',
      '.cache/',
      '.data/',
      'test-results/',
      'coverage/',
      'frontend/public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['functions/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/mini)?$|\\./|\\.\\./contracts/)',
              message: 'contracts/ imports zod only (and other contracts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: cloudAndRuntime }],
      'no-restricted-syntax': ['error', ...clockAndEnv],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'domain/ never reads process: pass configuration in.' },
        { name: 'fetch', message: 'domain/ never touches the network.' },
      ],
    },
  },
  {
    files: ['functions/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(handlers|integrations)(/|$)',
              message: 'data/ may import domain and contracts only.',
            },
            {
              regex: '^(\\.\\./)+(local|infra|events|frontend)(/|$)',
              message: 'data/ never imports outer layers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/integrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(handlers|data)(/|$)',
              message: 'integrations/ may import domain and contracts only.',
            },
            {
              regex: '^(\\.\\./)+(local|infra|events|frontend)(/|$)',
              message: 'integrations/ never imports outer layers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/handlers/**/*.ts', 'events/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(local|infra|frontend)(/|$)',
              message: 'Runtime code never imports the local runtime, infra or the SPA.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)functions/(handlers|domain|integrations)(/|$)',
              message: 'infra/ imports the route manifest and definitions, never runtime code.',
            },
            {
              regex: '^(\\.\\./)+(local|frontend)(/|$)',
              message: 'infra/ never imports the local runtime or the SPA.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)functions/(?!contracts(/|$))',
              message: 'The SPA imports functions/contracts only.',
            },
            {
              regex: '^(@aws-sdk/|@middy/|stripe$|aws-cdk-lib|constructs$)',
              message: 'No server packages in the SPA.',
            },
            {
              regex: '^(\\.\\./)+(local|infra|events)(/|$)',
              message: 'The SPA imports functions/contracts only.',
            },
          ],
        },
      ],
    },
  },
);
