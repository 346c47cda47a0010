import tailwindcss from '@tailwindcss/vite';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { strictBuildLogs } from './build-logs.ts';
import { precompress } from './compress-plugin.ts';
import { pureRouter } from './pure-router-plugin.ts';
import { keepPreviousBuild } from './keep-previous-build-plugin.ts';
import { serviceWorkerPrecache } from './service-worker-plugin.ts';
import { widgetScript } from './widget-plugin.ts';

// The Fastify server serves apps/web/dist in production (hashed files under assets/ are
// cached for a year, sent pre-compressed); in development Vite proxies the API to it.
// React Router's package points every condition at its development build (warnings and
// checks); the production build beside it is the same code without them.
const routerDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

export default defineConfig(({ command }) => ({
  // The app is written against React's API and runs on Preact's compatibility layer
  // (docs/decisions/015-preact-compat.md): ~4 KB of runtime instead of React DOM's ~60 KB
  // gzipped. Every library that imports React gets preact/compat. JSX compiles with the
  // automatic runtime (tsconfig "react-jsx"), which these aliases point at preact/compat's.
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      // zod, configured jitless before any schema is built (src/lib/zod-config.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-config.ts') },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  plugins: [
    pureRouter(),
    tailwindcss(),
    widgetScript(),
    serviceWorkerPrecache(),
    precompress(),
    keepPreviousBuild(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // .vite/manifest.json: the server preloads a public page's chunks from it (plugins/web.ts).
    manifest: true,
    // index.html preloads the entry's imports; a dynamic import carries no preload list, and
    // no polyfill (every browser the app supports preloads modules) (decision 090): the
    // lists of every route's chunks were 2.2 KB gzipped of the entry, for every visitor.
    // The server preloads a public page's own chunks, and the service worker keeps every
    // chunk after the first visit, so a later page's imports come from it.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // Known-harmless warnings are dropped; any other warning fails the build (build-logs.ts).
      onLog: strictBuildLogs,
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](preact|react-router)[\\/]/,
            },
            {
              name: 'state',
              // With the app's slice helper, which is only Redux Toolkit's createAction.
              test: /node_modules[\\/](@reduxjs|redux|redux-persist|react-redux|immer|reselect|@tanstack)[\\/]|src[\\/]lib[\\/]slice\.ts$/,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](@floating-ui|@headlessui|@react-aria|@react-stately|react-aria|react-stately|@internationalized|@swc|tabbable)[\\/]/,
            },
            // Toasts load with the first toast (src/lib/toast.ts).
            {
              name: 'toast',
              test: /node_modules[\\/]react-toastify[\\/]/,
            },
            // The small modules the public pages share with other routes, as two chunks
            // instead of a dozen files, each with its own imports and gzip overhead
            // (decision 090): what / and an event's page both draw, and what only the
            // event's page does. Only these modules: their imports stay where they are.
            {
              name: 'public',
              test: /src[\\/](lib[\\/](page-data|queries[\\/]keys|cn)|components[\\/]ui[\\/]dark-stage|features[\\/]events[\\/](components[\\/]event-cover|api[\\/]keys))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'event-page',
              test: /src[\\/](lib[\\/](source|clipboard)|components[\\/]ui[\\/](page-header|copy-button)|features[\\/]events[\\/](components[\\/](badges|markdown-classes|manage-panel|ticket-selector|access-code-field)|lib[\\/](links|quantity)|api[\\/]get-public-event))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // Dates and money formats, which the public pages use, before the contracts
            // (a group takes its modules' dependencies too, so the order matters).
            {
              name: 'data',
              priority: 2,
              // Not shared/markdown.ts: it brings marked, for the wizard's preview alone; nor
              // sms-segments.ts, for the organiser's messages alone (0.5 KB of every first load).
              test: /node_modules[\\/](date-fns|@date-fns)[\\/]|packages[\\/]shared[\\/]src[\\/](?!contracts[\\/]|markdown|sms-segments)/,
            },
            // zod and the contracts load with the first screen that parses something (a form,
            // an organiser page); the public pages only read typed answers (decision 020).
            {
              name: 'contracts',
              priority: 1,
              test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/]contracts[\\/]|src[\\/]lib[\\/]zod-config\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
