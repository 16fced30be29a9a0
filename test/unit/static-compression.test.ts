import { mkdtempSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../scripts/precompress';
import { mountStaticApp } from '../support/static-app';

/** The built app is sent compressed to browsers that accept it, and unchanged to those that do not. */
describe('static app compression', () => {
  const dist = mkdtempSync(join(tmpdir(), 'rp-dist-'));
  mkdirSync(join(dist, 'assets'));
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4000, 7));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><meta name="app-config" content="__APP_CONFIG__"><p>${'y'.repeat(3000)}</p>`,
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const app = mountStaticApp(dist, { apiBase: '/api' });
  const get = (path: string, acceptEncoding?: string) =>
    app.request(`http://localhost${path}`, acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});

  it.each([
    ['gzip, deflate, br', 'br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', 'gzip', (b: Buffer) => gunzipSync(b)],
  ])('Accept-Encoding %s gets %s, which decodes to the file', async (accept, encoding, decode) => {
    const response = await get('/payment/assets/app-abc123.js', accept);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 10);
    expect(decode(body).toString()).toBe(script);
  });

  it("does not send the build's own records", async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/app-abc123.js"}}');
    writeFileSync(join(dist, '.vite', 'chunk-modules.json'), '{"assets/app-abc123.js":["src/main.tsx"]}');
    for (const record of ['manifest.json', 'chunk-modules.json']) {
      const response = await get(`/payment/.vite/${record}`);
      expect(response.status, record).toBe(404);
      expect(await response.text()).not.toContain('src/main.tsx');
    }
    // Other files are served as before.
    expect((await get('/payment/assets/app-abc123.js')).status).toBe(200);
  });

  it('without Accept-Encoding the file is sent as it is', async () => {
    const response = await get('/payment/assets/app-abc123.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(script);
  });

  it('images are never recompressed', async () => {
    const response = await get('/payment/assets/logo-abc123.png', 'br');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBe(4000);
  });

  it('the page itself is compressed and still carries the runtime configuration', async () => {
    const response = await get('/payment/pricing', 'br');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('&quot;apiBase&quot;');
  });

  it('the copies the build wrote beside an asset are sent as they are, each to the browser that takes it', async () => {
    const built = `export const built = ${JSON.stringify('z'.repeat(5000))};\n`;
    writeFileSync(join(dist, 'assets', 'built-abc123.js'), built);
    expect(await precompressFiles(dist, ['assets/built-abc123.js'])).toEqual(['assets/built-abc123.js']);
    for (const [accept, suffix, decode] of [
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gz', gunzipSync],
    ] as const) {
      const body = Buffer.from(await (await get('/payment/assets/built-abc123.js', accept)).arrayBuffer());
      expect(body.equals(readFileSync(join(dist, 'assets', `built-abc123.js.${suffix}`))), suffix).toBe(true);
      expect(decode(body).toString()).toBe(built);
    }
  });

  it('a copy older than its asset is not sent: the asset is compressed afresh', async () => {
    const fresh = `export const fresh = ${JSON.stringify('f'.repeat(5000))};\n`;
    writeFileSync(join(dist, 'assets', 'stale-abc123.js'), 'export const old = 1;'.repeat(100));
    await precompressFiles(dist, ['assets/stale-abc123.js']);
    writeFileSync(join(dist, 'assets', 'stale-abc123.js'), fresh);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dist, 'assets', 'stale-abc123.js'), later, later);
    const body = Buffer.from(await (await get('/payment/assets/stale-abc123.js', 'br')).arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe(fresh);
  });

  it('the build leaves small files and images without copies', async () => {
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {};');
    expect(
      await precompressFiles(dist, ['assets/tiny-abc123.js', 'assets/logo-abc123.png', 'assets/app-abc123.js']),
    ).toEqual(['assets/app-abc123.js']);
  });
});
