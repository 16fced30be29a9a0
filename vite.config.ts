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
  },
  server: {
    proxy: { '/api': server, '/sandbox': server, '/dashboard': server },
  },
});
