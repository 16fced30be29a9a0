import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Set by `npm test` once it has built the front end into `dist/` from this tree, so the suites
 * after it use that build instead of making their own.
 */
export const FRONT_END_BUILT = 'FRONT_END_BUILT';

export function frontEndIsBuilt(): boolean {
  return process.env[FRONT_END_BUILT] === '1';
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs independent commands at once (checks that read and never write), each one's output kept
 * together and printed when it ends; exits like `run` if any fails.
 */
export async function runTogether(commands: [string, string[]][]): Promise<void> {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise<{ line: string; status: number | null; output: string }>((resolve) => {
          const line = [command, ...args].join(' ');
          const child = spawn(command, args, { env: process.env });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (status) => resolve({ line, status, output }));
        }),
    ),
  );
  for (const { line, output } of results) console.log(`\n> ${line}\n${output.trimEnd()}`);
  const failed = results.find((r) => r.status !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.line} exited with ${failed.status}`);
    process.exit(failed.status ?? 1);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the server (tsx server/main.ts) with the given environment. */
export function startServer(env: NodeJS.ProcessEnv, stdout: 'inherit' | 'pipe' = 'inherit'): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...(process.env.SERVER_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.SERVER_CPU_PROF] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    { stdio: ['ignore', stdout, 'inherit'], env: { ...process.env, ...env } },
  );
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

const BROWSER_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
/**
 * Debian's build of Chromium's old headless mode: the same engine without the full browser
 * around it. The browser suites run on it when it is installed, about a sixth faster than on
 * the full browser on two CPUs.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** CHROME_PATH, or the system Chromium (the full browser: what the benchmarks measure). */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return BROWSER_CANDIDATES.find((path) => existsSync(path));
}

/** CHROME_PATH, or the headless shell, or the system Chromium: the browser of the browser suites. */
function findTestBrowser(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}

/**
 * The browser of the browser suites (see `findTestBrowser`); when there is none, installs
 * Debian's (as root with apt) or Playwright's own build. Browser tests never quietly skip for
 * want of a browser.
 */
export function ensureChromium(): string | undefined {
  const found = findTestBrowser();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('No Chromium found: installing Debian chromium and its headless shell.');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    const installed = findTestBrowser();
    if (!installed) throw new Error('chromium was installed but not found');
    return installed;
  }
  console.log("No Chromium found: installing Playwright's own build.");
  run('npx', ['playwright', 'install', 'chromium']);
  return undefined; // Playwright finds its own build without an executable path.
}
