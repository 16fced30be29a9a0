/** npm start: builds the front end when it is missing or older than its sources, then serves everything. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './lib';

const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestChange));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'The front end is older than its sources: rebuilding.' : 'Building the front end.');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
}
await import('../server/main');
