// ESLint (flat config). The layer rules of ARCHITECTURE.md "Layout", enforced:
//   app → features → shared → ui, machines/flows → machines/rules → api, domain, bracket
//   server → domain, api/contract, machines/rules
// Features never import each other: what several show lives in src/shared. Import cycles, type-only ones included,
// are refused by scripts/importCycles.ts (part of `npm run lint`).
// A zone forbids files under `target` to import files under `from` (paths from the repository root).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientDirs = ['./src/app', './src/features', './src/shared', './src/ui', './src/bracket', './machines'];

// The feature folders (src/features/<area>): each may import only itself among them.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Modules that only make sense inside a React view; never imported below the views.
const reactModules = {
  patterns: [
    {
      group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', '@mantine/*', 'wouter', 'wouter/*'],
      message: 'React belongs to the views (src/app, src/features, src/ui, src/bracket), not to this layer.',
    },
    {
      group: ['@pixi/react', '@stripe/react-stripe-js', '@tanstack/react-table', '@testing-library/*'],
      message: 'React belongs to the views (src/app, src/features, src/ui, src/bracket), not to this layer.',
    },
  ],
};

const zones = [
  // The SPA never reaches into the server.
  { target: ['./src', './machines'], from: './server', message: 'The SPA never imports server code.' },
  // app → features: a feature never imports the shell.
  { target: './src/features', from: './src/app', message: 'features may not import app: move the shared piece to src/ui.' },
  // Features do not import each other: a piece several features show moves to src/shared (or src/ui, src/domain).
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'features do not import each other: move the shared piece to src/shared (or src/ui, src/domain).',
  })),
  // shared: the pieces several features show; it imports no feature and not the shell.
  {
    target: './src/shared',
    from: ['./src/features', './src/app'],
    message: 'src/shared may not import features or app: it is what features share.',
  },
  // ui is shared by every feature: it imports neither features, shared pieces nor app.
  {
    target: './src/ui',
    from: ['./src/features', './src/shared', './src/app'],
    message: 'ui may not import features, shared or app: move what it needs to src/ui.',
  },
  // The canvas engine sits below the views.
  {
    target: './src/bracket',
    from: ['./src/app', './src/features', './src/shared', './src/ui', './machines'],
    message: 'src/bracket (the canvas engine) imports only api, domain and itself.',
  },
  // Machines: lifecycle rules the SPA and the server share; no views (React is barred below by no-restricted-imports).
  {
    target: './machines',
    from: ['./src/app', './src/features', './src/shared', './src/ui'],
    message: 'machines may not import app, features or ui: send effects out as named actions or emitted events.',
  },
  // machines/rules: the pure rulebooks the server shares (no I/O): no screen flows, no HTTP client, no endpoints.
  {
    target: './machines/rules',
    from: ['./machines/flows', './src/api/client.ts', './src/api/endpoints'],
    message: 'machines/rules are pure rulebooks shared with the server: no screen flows, no HTTP (move I/O to machines/flows).',
  },
  // api (client, endpoints): the HTTP layer; below every view and machine.
  {
    target: './src/api',
    from: [...clientDirs],
    message: 'src/api imports only the contract, domain and itself.',
  },
  // The contract and the domain are pure and shared with the server: no I/O, no views, no machines.
  {
    target: './src/api/contract',
    from: ['./src/api/client.ts', './src/api/endpoints'],
    message: 'the contract is shared with the server: it imports only domain and itself.',
  },
  {
    target: './src/domain',
    from: [...clientDirs, './src/api/client.ts', './src/api/endpoints'],
    message: 'domain is pure and shared with the server: it imports only the contract and itself.',
  },
  // The server takes only domain, api/contract and machines from the client side.
  {
    target: './server',
    from: './src',
    except: ['./domain', './api/contract'],
    message: 'server imports only src/domain, src/api/contract and machines from the client side.',
  },
  {
    target: './server',
    from: './machines/flows',
    message: 'server imports only the rulebooks (machines/rules), never screen flows (machines/flows).',
  },
];

export default defineConfig([
  {
    ignores: [
      'dist/**',
      'bench/dist/**',
      'bench/results/**',
      'coverage/**',
      'data/**',
      'public/**',
      'server/db/migrations/**',
      'tests/e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,ts,tsx}'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  // Globals per program.
  { files: ['src/**'], languageOptions: { globals: globals.browser } },
  { files: ['server/**', 'scripts/**', '*.{js,ts}'], languageOptions: { globals: globals.node } },
  { files: ['machines/**', 'tests/**', 'bench/**'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  // One size rule for dialogs (spec §9: 600 px large, 400 px otherwise): every dialog is the kit's AppModal.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/ui/AppModal/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@mantine/core', importNames: ['Modal'], message: 'Use AppModal (src/ui/AppModal): the spec has two dialog widths.' }] },
      ],
    },
  },
  // No React below the views.
  {
    files: ['machines/**', 'src/domain/**', 'src/api/**', 'server/**', 'src/features/**/*Machine.ts'],
    rules: { 'no-restricted-imports': ['error', reactModules] },
  },
  // One module writes the users table (server/services/userWrites.ts); every other one calls it.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/services/userWrites.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name='users']",
          message: 'Only server/services/userWrites.ts writes the users table: call it.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'][quasi.quasis.0.value.raw=/^\\s*(update|insert\\s+into|delete\\s+from)\\s*$/i][quasi.expressions.0.name='users']",
          message: 'Only server/services/userWrites.ts writes the users table: call it.',
        },
      ],
    },
  },
  // Tests, benchmarks and scripts may reach into every layer and bend the style rules.
  {
    files: ['tests/**', 'bench/**', 'scripts/**'],
    rules: {
      'import-x/no-restricted-paths': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Server tests are not React: `useTestServer()` is a vitest fixture (per-file server), named as the issue asks.
  { files: ['tests/server/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
]);
