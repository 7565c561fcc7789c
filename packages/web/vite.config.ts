import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-plugins/precompress';

const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  // CSS modules through Lightning CSS, which Vite minifies with anyway: its PostCSS path printed a
  // warning about a plugin's missing `from` on every build that a newcomer cannot judge.
  css: { transformer: 'lightningcss' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads it to size what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React changes less often than the app: its own chunk stays cached across releases.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              // zod reads `jitless` when a schema is defined: the module that sets it goes in
              // zod's own chunk, which runs before any chunk defining schemas (core's).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]zod-jitless\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/themes': apiServer,
    },
  },
});
