import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompressPlugin } from './scripts/precompress';
import { chunkModulesPlugin } from './scripts/chunk-modules';
import { startupMachineChunkOf } from './src/start/startup-machines';

const server = process.env.VITE_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  base: '/payment/',
  plugins: [react(), precompressPlugin(), chunkModulesPlugin()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  // The flow explorer (flows.html, served at /flows) is built as an environment of its own, into
  // the same folder after the app: it shares no chunk with the app, so neither its code nor the
  // layout library can reach the sell page's files, and those stay byte for byte as they were.
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // The app is an entry of its own: main.tsx starts it after the first paint, and its code
          // is still counted (and grouped) as what every page needs at once.
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            boot: fileURLToPath(new URL('./src/boot.tsx', import.meta.url)),
          },
          output: {
            // What every page needs at once travels in two files (the libraries, then our code)
            // instead of two dozen small shared chunks: fewer requests and better compression.
            codeSplitting: {
              groups: [
                // Vite's preload helpers, the page-at-rest marks and the storage rules (which the app uses too),
                // first: main.tsx needs them and must run without the app's code.
                {
                  name: 'preload',
                  test: /preload-helper|modulepreload-polyfill|\/src\/page-at-rest\.ts$|\/src\/domain\/storage-basics\.ts$|\/src\/start\/locale-kinds\.ts$/,
                  priority: 5,
                },
                // React, the other libraries, our schemas and the rest of our code are separate chunks, so
                // main.tsx can run each in a task of its own (see src/start/): one long task would keep
                // the page from answering the visitor for the whole of it.
                { name: 'react', tags: ['$initial'], test: /node_modules\/(react|react-dom|scheduler)\//, priority: 4 },
                // The other libraries in four chunks of about a quarter each, so that none of them
                // is one long task (each has an anchor module in src/start/ that main.tsx imports).
                {
                  name: 'routing',
                  tags: ['$initial'],
                  test: /node_modules\/@tanstack\/|\/src\/start\/routing-libraries\.ts$/,
                  priority: 3,
                },
                {
                  name: 'state',
                  tags: ['$initial'],
                  test: /node_modules\/(i18next|react-i18next|xstate|@xstate\/react)\/|\/src\/start\/state-libraries\.ts$/,
                  priority: 3,
                },
                {
                  name: 'aria',
                  tags: ['$initial'],
                  test: /node_modules\/(react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized|clsx)\/|\/src\/start\/aria-libraries\.ts$/,
                  priority: 3,
                },
                {
                  name: 'vendor',
                  tags: ['$initial'],
                  test: (id) => id.includes('node_modules') || id.endsWith('/src/start/libraries.ts'),
                  priority: 2,
                },
                // The machines the app's own code holds at start: building one (xstate's state nodes) is tens of
                // milliseconds on a slow phone, so each machine with its rules is a chunk, and a step, of its own
                // (main.tsx), after the libraries and before the rest of the app. The list is src/start/startup-machines.ts.
                {
                  name: (id) => startupMachineChunkOf(id),
                  tags: ['$initial'],
                  test: (id) => startupMachineChunkOf(id) !== null,
                  priority: 2,
                },
                // The schemas the app's own code holds at start (the rest load with the reads that need them, see
                // src/api/lazy-schemas.ts): a chunk per module, each built in a step of its own (zod's schemas
                // together took one task of 20 to 90 ms). They come after the libraries, with no higher priority,
                // or zod would join them.
                {
                  name: (id) => `schemas-${/\/src\/api\/schemas\/([\w-]+)\.ts$/.exec(id)?.[1] ?? 'shared'}`,
                  tags: ['$initial'],
                  test: /\/src\/api\/schemas\//,
                  priority: 2,
                },
                // The app's own logic (the API's calls, the domain's rules and data, the route table and the rules of
                // the other flows), which sets up its own schemas and tables as it runs: a step of its own, before
                // the rest of the app (the two together were one task of 60 to 90 ms on a slow phone).
                {
                  name: 'app-logic',
                  tags: ['$initial'],
                  test: /\/src\/(api|domain)\/|\/src\/routing\/route-table\.ts$|\/machines\//,
                  priority: 1,
                },
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) =>
                    !id.includes('node_modules') &&
                    !id.includes('index.html') &&
                    !/\/src\/(main\.tsx|boot\.tsx|styles\.css|after-first-paint\.ts)$/.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    flows: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        manifest: '.vite/flows-manifest.json',
        rolldownOptions: {
          input: { flows: fileURLToPath(new URL('./flows.html', import.meta.url)) },
          output: { codeSplitting: true },
        },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.flows!);
    },
  },
  server: {
    proxy: { '/api': server, '/sandbox': server, '/dashboard': server },
  },
});
