import { describe, expect, it } from 'vitest';
import { keptFormatters } from '../../src/domain/kept-formatters';

describe('keptFormatters', () => {
  it('makes a formatter once per key, and again only after it was dropped as the oldest', () => {
    const made: string[] = [];
    const formatter = keptFormatters<{ key: string }>(2);
    const get = (key: string) => formatter(key, () => (made.push(key), { key }));
    const first = get('a');
    expect(get('a')).toBe(first);
    get('b');
    get('c'); // drops 'a', the oldest
    expect(get('b').key).toBe('b');
    expect(get('a')).not.toBe(first);
    expect(made).toEqual(['a', 'b', 'c', 'a']);
  });
});
