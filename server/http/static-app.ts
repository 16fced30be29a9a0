import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './env';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built single-page app under its base path. Hashed assets are cached for a
 * year; any other path gets index.html so the client router can take over.
 */
export function staticApp(distDir: string, runtimeConfig: Record<string, unknown>) {
  const app = new Hono<AppEnv>();
  const indexFile = join(distDir, 'index.html');
  let indexHtml: string | null = null;
  const index = () => {
    if (indexHtml === null && existsSync(indexFile)) {
      const json = JSON.stringify(runtimeConfig).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      indexHtml = readFileSync(indexFile, 'utf8').replace('__APP_CONFIG__', json);
    }
    return indexHtml;
  };

  app.get('*', (c) => {
    const base = c.var.config.appBase;
    const relative = decodeURIComponent(c.req.path.slice(base.length)).replace(/^\/+/, '');
    const file = normalize(join(distDir, relative));
    if (relative && file.startsWith(distDir) && existsSync(file) && statSync(file).isFile()) {
      const immutable = relative.startsWith('assets/');
      return c.body(readFileSync(file), 200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (extname(relative) && relative.startsWith('assets/')) return c.notFound();
    const html = index();
    if (!html) return c.text('The front end is not built. Run `npm run build` (npm start does this for you).', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return app;
}
