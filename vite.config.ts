import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.VITE_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  base: '/payment/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // What every page needs at once travels in two files (the libraries, then our code)
        // instead of two dozen small shared chunks: fewer requests and better compression.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id) => !id.includes('node_modules') && !id.includes('index.html') && !id.endsWith('/src/main.tsx'), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': server, '/sandbox': server, '/dashboard': server },
  },
});
