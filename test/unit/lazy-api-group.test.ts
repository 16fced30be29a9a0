import { describe, expect, it, vi } from 'vitest';
import { lazyGroup } from '../../src/api/lazy-group';

describe('lazyGroup', () => {
  it('loads the group on its first call only, and passes each call its arguments', async () => {
    const facts = vi.fn(async (userId: string) => ({ userId }));
    const load = vi.fn(async () => ({ facts }));
    const group = lazyGroup(load);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([group.facts('a'), group.facts('b')])).resolves.toEqual([{ userId: 'a' }, { userId: 'b' }]);
    await group.facts('c');
    expect(load).toHaveBeenCalledTimes(1);
    expect(facts.mock.calls).toEqual([['a'], ['b'], ['c']]);
  });

  it("rejects the call when the group's code cannot load, and tries again on the next call", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ facts: async () => 'answer' });
    const group = lazyGroup<{ facts: () => Promise<string> }>(load);
    await expect(group.facts()).rejects.toThrow('chunk failed');
    await expect(group.facts()).resolves.toBe('answer');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes on the rejection of the call itself', async () => {
    const group = lazyGroup(async () => ({ pay: async () => Promise.reject(new Error('declined')) }));
    await expect(group.pay()).rejects.toThrow('declined');
  });
});
