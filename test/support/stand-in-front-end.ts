import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const STAND_IN_SCRIPT = '/payment/assets/index-0d1e2f.js';

/** A built front end in miniature (DIST_DIR): the shell with its runtime-config placeholder, and one hashed script. */
export function standInFrontEnd(): string {
  const dist = mkdtempSync(join(tmpdir(), 'rp-stand-in-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="app-config" content="__APP_CONFIG__"><title>App</title></head>' +
      `<body><div id="root"></div><script type="module" src="${STAND_IN_SCRIPT}"></script></body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'index-0d1e2f.js'), 'document.title = "app";');
  return dist;
}
