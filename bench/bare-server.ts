/**
 * The bench's reference server: bare Hono on Node, with nothing of the product. It runs in a
 * process of its own, started the same way as the app (node --import tsx), so the API figures
 * are divided by a ceiling measured under the same conditions. It also serves the floor app
 * (FLOOR_DIST) under /floor/, compressed the way the product serves its files.
 *   PORT=… FLOOR_DIST=… node --import tsx bench/bare-server.ts
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
};
const floorDist = process.env.FLOOR_DIST ?? '';
const cache = new Map<string, Buffer>();

function fileResponse(file: string, acceptEncoding: string | undefined, immutable: boolean) {
  const body = readFileSync(file);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (body.length <= 1024 || !/\bbr\b/.test(acceptEncoding ?? ''))
    return new Response(new Uint8Array(body), { headers });
  let compressed = cache.get(file);
  if (!compressed) {
    compressed = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    cache.set(file, compressed);
  }
  return new Response(new Uint8Array(compressed), { headers: { ...headers, 'Content-Encoding': 'br' } });
}

const app = new Hono()
  .get('/', (c) => c.json({ hello: 'world' }))
  // The floor of a payment: a JSON body read and a JSON answer, with nothing of the product between.
  .post('/echo', async (c) => c.json({ ...(await c.req.json<Record<string, unknown>>()), answered: true }, 201))
  .get('/floor/*', (c) => {
    if (!floorDist) return c.notFound();
    const relative = c.req.path.slice('/floor/'.length);
    const file = normalize(join(floorDist, relative));
    const found = relative && file.startsWith(floorDist) && existsSync(file) && statSync(file).isFile();
    return fileResponse(
      found ? file : join(floorDist, 'index.html'),
      c.req.header('accept-encoding'),
      Boolean(found && relative.startsWith('assets/')),
    );
  });

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 8090), hostname: process.env.HOST ?? '127.0.0.1' });
