import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The architecture, as import boundaries: each zone names what its files may not import. */
const boundaries = [
  {
    target: './src',
    from: './platform',
    message: 'The app never imports the platform: talk to it over HTTP through src/api.',
  },
  { target: './platform', from: './src', message: 'The platform never imports the app.' },
  {
    target: './contracts',
    from: ['./src', './platform', './scripts', './e2e', './bench'],
    message: 'contracts/ imports nothing of ours.',
  },
  {
    target: './src/api',
    from: ['./src/features', './src/app'],
    message: 'The API layer knows no feature; features use it.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app', './src/api'],
    message: 'UI primitives fetch nothing and know no feature.',
  },
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/api', './src/components'],
    message: 'lib/ holds generic helpers only.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import the app shell; src/app composes them.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: they meet in src/app.',
  })),
  {
    target: './platform/services',
    from: './platform/app.ts',
    message: 'Services are composed by app.ts, never the reverse.',
  },
];

const services = readdirSync('platform/services', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const service of services) {
  boundaries.push({
    target: `./platform/services/${service}`,
    from: './platform/services',
    except: [`./${service}`],
    message: 'Services never import each other: they meet in storage.',
  });
}

const testSupport = [
  { target: './platform', from: './platform/testing', message: 'Test support (platform/testing) is for tests only.' },
  { target: './src', from: './src/testing', message: 'Test support (src/testing) is for tests only.' },
];

export default tseslint.config(
  { ignores: ['**/dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without the extensions import-x parses no TypeScript file it resolves, and no-cycle sees no edges.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Test support has one home per side; production code never leans on it.
    files: ['platform/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'platform/testing/**', 'src/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...testSupport] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A thread that imports web-ifc as an ES module pays a scan of its 6 MB for export names (web-ifc.ts).
    files: ['platform/**/*.ts'],
    ignores: ['**/*.test.ts', 'platform/translation/readers/web-ifc.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'web-ifc',
              allowTypeImports: true,
              message: 'Use webIfc from platform/translation/readers/web-ifc.ts: it is required, not imported.',
            },
          ],
        },
      ],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  // Plain JavaScript that starts the platform before anything can read TypeScript.
  { files: ['platform/launch.mjs'], ...tseslint.configs.disableTypeChecked },
  // Plain JavaScript that Design Automation programs run with a bare `node` (no TypeScript there).
  {
    files: ['platform/automation/runtime/**/*.{cjs,mjs}', 'platform/automation/examples/**/*.{cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
);
