// Lint rules, including the import boundaries of DESIGN §2: dependencies point inward (the layer table lives in
// lint/layer-boundaries.js; each layer's own package rules are below).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { frontendLintPlugin } from './frontend/lint/feature-boundaries.js';
import { typedApiCallSelectors } from './frontend/lint/typed-api-calls.js';
import { layerBoundariesPlugin } from './lint/layer-boundaries.js';
import { officeGatePlugin } from './lint/office-gate.js';

const cloudAndRuntime = [
  { group: ['@aws-sdk/*', 'aws-lambda'], message: 'domain/ is pure: no AWS SDK.' },
  { group: ['@middy/*'], message: 'domain/ is pure: no middy.' },
  { group: ['stripe', 'jose'], message: 'domain/ is pure: integrations own third parties.' },
  {
    group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os'],
    message: 'domain/ is pure: no Node I/O.',
  },
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
    // Only data/ speaks DynamoDB (runtime/ builds its client): every other layer reaches the table through data/'s
    // access functions. The contracts and domain blocks below replace this rule with their stricter lists.
    files: ['functions/**/*.ts', 'events/**/*.ts'],
    ignores: ['functions/data/**', 'functions/runtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb'],
              message: 'Only functions/data/ imports the DynamoDB SDK: add or use an access function there.',
            },
          ],
        },
      ],
    },
  },
  {
    // A data module names the operations of a transaction (`transact` in data/table.ts) and asks which named
    // condition failed; only table.ts reads DynamoDB's cancellation reasons, which come by position. And it reads
    // what DynamoDB returns through the item's schema, not by a cast.
    files: ['functions/data/**/*.ts'],
    ignores: ['functions/data/table.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='CancellationReasons']",
          message:
            'Name the operations with transact() (data/table.ts) and ask which condition failed by name.',
        },
        // A stored item is read through its schema (readStored in data/stored-item.ts), never cast to a type.
        ...[
          'TSAsExpression > MemberExpression.expression',
          'TSAsExpression > ChainExpression > MemberExpression',
          'TSAsExpression > LogicalExpression.expression > MemberExpression.left',
        ].map((path) => ({
          selector: `${path}[property.name=/^(Item|Items|Attributes|Responses)$/]`,
          message: 'Read a stored item through its schema with readStored (data/stored-item.ts), not a cast.',
        })),
      ],
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
              regex: '^(?!zod(/mini)?$|\\.{1,2}/)',
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
    // DESIGN §2's table, for every layer (the frontend block below adds the SPA's own package rules).
    files: ['functions/**/*.ts', 'events/**/*.ts', 'infra/**/*.ts', 'frontend/**/*.{ts,tsx}'],
    plugins: { 'openpie-layers': layerBoundariesPlugin },
    rules: { 'openpie-layers/layer-imports': 'error' },
  },
  {
    // Configuration is read and validated once, at cold start, in functions/runtime/ (env.ts and its settings).
    files: ['functions/**/*.ts', 'events/**/*.ts'],
    ignores: ['functions/runtime/**'],
    plugins: { 'openpie-layers': layerBoundariesPlugin },
    rules: { 'openpie-layers/no-process-env': 'error' },
  },
  {
    // One gate for office rights (lint/office-gate.js): an office's members are read for a caller, and its rights
    // checked, in services/offices/office-gate.ts only. data/ defines the read and domain/ the rights.
    files: ['functions/**/*.ts', 'events/**/*.ts'],
    ignores: ['functions/data/**', 'functions/domain/**'],
    plugins: { 'openpie-offices': officeGatePlugin },
    rules: { 'openpie-offices/one-office-gate': 'error' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'openpie-frontend': frontendLintPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // No feature imports another; shared code lives in components/ and lib/ (STYLE §8).
      'openpie-frontend/no-cross-feature-imports': 'error',
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
              regex: '^(\\.\\./)+functions/contracts(/|$)',
              message: "Reach the shared schemas through the alias: import from '@contracts/…'.",
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
  {
    // One way to call the API (frontend/lint/typed-api-calls.js): a route by its key, its reply typed from the contract.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/lib/**'],
    rules: { 'no-restricted-syntax': ['error', ...typedApiCallSelectors] },
  },
  {
    // One table handle in tests: testTable() (test/support/test-table.ts), not the runtime's getTable by another name.
    files: ['test/**/*.{ts,tsx}'],
    ignores: ['test/support/test-table.ts', 'test/simulation/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)functions/runtime/table$',
              message: 'Reach the table through testTable() from test/support/test-table.ts.',
            },
          ],
        },
      ],
    },
  },
);
