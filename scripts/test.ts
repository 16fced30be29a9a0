/**
 * npm test: typecheck, lint, one build of the front end, Vitest (unit and API, on PGlite and, when one is at hand, a
 * PostgreSQL server), then Playwright on real Chromium (its server on that PostgreSQL server
 * when there is one).
 */
import { spawnSync } from 'node:child_process';
import { FRONT_END_BUILT, run, runTogether } from './lib';

/**
 * TypeScript 7's native compiler checks the types, about four times faster than TypeScript 5.
 * TypeScript 5 stays installed for typescript-eslint, which needs its JavaScript API; both
 * packages name their command `tsc`, so this one is called by its path.
 */
const NATIVE_TSC = 'node_modules/typescript-native/bin/tsc';

const env: NodeJS.ProcessEnv = {};
let scratchDir: string | undefined;
if (!process.env.DATABASE_URL) {
  const started = spawnSync('bash', ['scripts/postgres-scratch.sh', 'start'], { encoding: 'utf8' });
  if (started.status === 0) {
    for (const line of started.stdout.trim().split('\n')) {
      const match = /^export (\w+)=(.*)$/.exec(line);
      if (match) env[match[1]!] = match[2]!;
    }
    scratchDir = env.PG_SCRATCH_DIR;
    console.log(`Started a scratch PostgreSQL server for the API suite: ${env.DATABASE_URL}`);
  } else {
    console.warn(`No PostgreSQL server: the API suite runs on PGlite only (${started.stderr.trim()}).`);
  }
}

try {
  // The static checks read and never write, so they run at once: everything typed, then the
  // browser's code without Node's types and the server's with Node's (it draws app components, so
  // it has the DOM's types too; eslint keeps browser globals out of server/); lint; nothing unused
  // (files, exports, types or dependencies); the formatting; the diagrams and coverage report up to date.
  await runTogether([
    ...['tsconfig.json', 'tsconfig.browser.json', 'tsconfig.server.json'].map((project): [string, string[]] => [
      'node',
      [NATIVE_TSC, '--noEmit', '-p', project],
    ]),
    ['npx', ['eslint', '.']],
    ['npx', ['knip', '--no-progress']],
    ['npx', ['prettier', '--check', '--log-level', 'warn', '.']],
    ['npx', ['tsx', 'scripts/visualize.ts', '--check']],
    // One build of the front end for every suite that needs one (Vitest's and the browser's).
    ['npx', ['vite', 'build', '--logLevel', 'warn']],
  ]);
  env[FRONT_END_BUILT] = '1';
  run('npx', ['vitest', 'run'], env);
  run('npx', ['tsx', 'scripts/e2e.ts'], env);
} finally {
  if (scratchDir) spawnSync('bash', ['scripts/postgres-scratch.sh', 'stop', scratchDir], { stdio: 'inherit' });
}
