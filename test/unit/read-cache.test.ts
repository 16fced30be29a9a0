import { describe, expect, it } from 'vitest';
import { createReadCache } from '../../server/http/read-cache';

describe('server read cache', () => {
  const setup = () => {
    let clock = 0;
    let loads = 0;
    const cache = createReadCache(30_000, () => clock);
    const load = async () => ++loads;
    return { cache, load, tick: (ms: number) => (clock += ms), loads: () => loads };
  };

  it('answers from memory within its time, reads again after it', async () => {
    const { cache, load, tick, loads } = setup();
    expect(await cache.read('k', load)).toBe(1);
    tick(29_999);
    expect(await cache.read('k', load)).toBe(1);
    tick(1);
    expect(await cache.read('k', load)).toBe(2);
    expect(loads()).toBe(2);
  });

  it('a fresh read (fromcache=FALSE) goes to the source and refreshes what is kept', async () => {
    const { cache, load } = setup();
    await cache.read('k', load);
    expect(await cache.read('k', load, { fresh: true })).toBe(2);
    expect(await cache.read('k', load)).toBe(2);
  });

  it('keys are kept apart, and a failed read is not kept', async () => {
    const { cache, load } = setup();
    expect(await cache.read('a', load)).toBe(1);
    expect(await cache.read('b', load)).toBe(2);
    await expect(cache.read('c', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.read('c', load)).toBe(3);
  });

  it('concurrent reads of one key share one load', async () => {
    const { cache, load, loads } = setup();
    const answers = await Promise.all([cache.read('k', load), cache.read('k', load), cache.read('k', load)]);
    expect(answers).toEqual([1, 1, 1]);
    expect(loads()).toBe(1);
  });
});
