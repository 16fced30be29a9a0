import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every place in the app that creates an actor (createActor, useActorRef, useMachine,
 * interpret) passes the flow recorder as its inspector, so every machine the app runs, and the
 * machines those invoke, reports its transitions. A new page that forgets it fails here.
 */
const CREATORS = /\b(createActor|useActorRef|useMachine|interpret)\(/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The text of the call that starts at `open` (the index of its opening parenthesis). */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

describe('every actor the app creates is recorded', () => {
  // The recorder itself creates nothing; a comment or an import does not count as a call.
  const calls = sourceFiles('src')
    .filter((file) => !file.startsWith(join('src', 'flows')))
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return [...source.matchAll(CREATORS)].map((m) => ({
        site: `${file}: ${m[0]}`,
        text: callText(source, m.index + m[0].length - 1),
      }));
    });

  it('finds the sites (a scan that finds nothing would prove nothing)', () => {
    expect(calls.length).toBeGreaterThanOrEqual(25);
  });

  it.each(calls.map((c) => [c.site, c.text]))('%s passes inspect: recordFlows', (_site, text) => {
    expect(text).toMatch(/\binspect:\s*(deps\.)?recordFlows\b/);
  });
});
