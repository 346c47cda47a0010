import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin.ts';
import { serviceWorkerPrecache } from './service-worker-plugin.ts';

// The Fastify server serves apps/web/dist in production (hashed files under assets/ are
// cached for a year, sent pre-compressed); in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorkerPrecache(), precompress()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-persist|react-redux|immer|reselect|@tanstack|axios)[\\/]/,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](@floating-ui|@headlessui|@react-aria|@react-stately|react-aria|react-stately|@internationalized|@swc|tabbable|react-toastify|clsx)[\\/]/,
            },
            {
              name: 'data',
              test: /node_modules[\\/](zod|date-fns|@date-fns)[\\/]|packages[\\/]shared[\\/]/,
            },
          ],
        },
      },
    },
  },
});
