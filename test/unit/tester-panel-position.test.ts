import { describe, expect, it } from 'vitest';
import { DEFAULT_POSITION, WIDE_VIEWPORT, defaultPosition } from '../../src/features/tester-panel/tester-panel';

describe('where the tester panel sits until moved', () => {
  it('a desktop window gets top 80 px and the 20 px right margin', () => {
    expect(DEFAULT_POSITION).toEqual({ top: 80, right: 20 });
    expect(defaultPosition(1280)).toEqual({ top: 80, right: 20 });
    expect(defaultPosition(WIDE_VIEWPORT)).toEqual({ top: 80, right: 20 });
  });
  it.each([WIDE_VIEWPORT - 1, 1024, 768, 412, 320])('a %i px window puts it flush with the right edge', (width) => {
    expect(defaultPosition(width)).toEqual({ top: 80, right: 0 });
  });
});
