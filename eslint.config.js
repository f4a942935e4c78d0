import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

// Each client feature may import shared code but no other feature (bulletproof-react).
const featuresDir = new URL('./client/src/features/', import.meta.url);
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const crossFeatureRules = features.map((feature) => ({
  files: [`client/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '@/features/*',
              `!@/features/${feature}`,
              `!@/features/${feature}/**`,
              '../../*/**',
              '!../../' + feature + '/**',
            ],
            message: 'No cross-feature imports: move shared code to components/ or lib/.',
          },
        ],
      },
    ],
  },
}));

// Imports flow one way: lib/ and components/ are below features/, which are below app/. So
// features and components take from app/ only the typed hooks and the store types, and lib/
// nothing at all. (The session and loading slices live in lib/ for that reason.)
const appBoundary = [
  {
    files: ['client/src/features/**/*.{ts,tsx}', 'client/src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/app/store',
              allowTypeImports: true,
              message: 'Only the store types may be imported from app/store.',
            },
          ],
          patterns: [
            {
              group: ['@/app/*', '!@/app/hooks', '!@/app/store'],
              message: 'From app/, import only the typed hooks (app/hooks) and store types.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/lib/**/*.{ts,tsx}'],
    ignores: ['client/src/lib/**/__tests__/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/*', '@/features/*', '@/components/*'],
              message: 'lib/ is below them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Answer schemas are types for the client: importing them at run time would put zod schemas
    // the client never runs into its bundle.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is integer kobo: use the helpers in @vendo/shared/money.',
        },
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value=/^@vendo\\/shared\\/schemas\\/(.+\\.responses|common|user|transaction|catalogue|site)$/] > ImportSpecifier[importKind!='type']",
          message: 'Answer schemas are imported as types only (import type …).',
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'server/src/db/migrations/**',
      'e2e/screenshots/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is integer kobo: use the helpers in @vendo/shared/money.',
        },
      ],
    },
  },
  {
    // Every transaction goes through inTransaction (server/src/db/retry.ts), which retries a
    // deadlock or serialization failure: a bare .transaction() would answer them with an error.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/retry.ts', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is integer kobo: use the helpers in @vendo/shared/money.',
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Use inTransaction(db, work) from db/retry.ts: it retries deadlocks.',
        },
      ],
    },
  },
  {
    // Settings are read in one place: config.ts (with its config-*.ts parts) parses the
    // environment once at start, and everything else takes them from the config object.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config.ts', 'server/src/config-*.ts', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings in server/src/config.ts and take them from the config object.',
        },
      ],
    },
  },
  {
    // Data access lives in repositories: services, lib/ and middleware call repository functions
    // and never build a query themselves. The ledger module owns the money SQL, and db/, seed/,
    // sandbox/ and scripts/ are data tooling; types may still be imported anywhere.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/modules/ledger/**',
      'server/src/db/**',
      'server/src/seed/**',
      'server/src/sandbox/**',
      'server/src/scripts/**',
      'server/src/**/*.test.ts',
      // Test setup beside the tests (auth.test-helpers.ts, staff-audit.test-acts.ts).
      'server/src/**/*.test-*.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'Queries live in repositories (*.repository.ts) and the ledger module.',
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*', '**/db/schema', '**/db/schema/**', '**/db/schema.ts'],
              allowTypeImports: true,
              message: 'Queries live in repositories (*.repository.ts) and the ledger module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Schemas that run in the browser are built with shared/src/zod.ts's `z` (jitless), so zod
    // never probes for eval under the server's content security policy.
    files: ['shared/src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import z from '@vendo/shared/zod' (or '../zod.ts' in shared/).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  ...crossFeatureRules,
  ...appBoundary,
);
