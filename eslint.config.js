import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One zone per web feature: a feature may not import another feature (DESIGN §5). Shared
// code goes to components/, lib/, config/ or packages/shared; composition happens in app/.
const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [`./${feature}`],
  message:
    'A web feature must not import another feature; move shared code to components/, lib/ or packages/shared.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            // Shared building blocks never reach up into features or the app.
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            // The server's lower layers never import a module: plugins receive what they need
            // (an interface or a function they define) from the composition in app/ (decision
            // 062). db/database.ts alone composes the modules' table types.
            {
              target: [
                './apps/server/src/lib',
                './apps/server/src/plugins',
                './apps/server/src/db/migrations',
                './apps/server/src/db/!(database).ts',
              ],
              from: './apps/server/src/modules',
              message:
                'lib, plugins and db sit below the modules: take an interface or a function from the composition (apps/server/src/app/) instead.',
            },
            // The server never imports the web and vice versa; both use packages/shared.
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web', from: './apps/server' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      // Configuration is read once, in config.ts (DESIGN §4).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts only.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
