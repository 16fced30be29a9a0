import type { MouseEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { followInPage } from '../../src/flows-explorer/in-page-link';

const click = (overrides: Partial<{ metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; button: number }> = {}) => {
  const preventDefault = vi.fn();
  const event = {
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    button: 0,
    preventDefault,
    ...overrides,
  } as unknown as MouseEvent<HTMLAnchorElement>;
  return { event, preventDefault };
};

describe('links the explorer follows itself', () => {
  it('a plain left click is followed in the page, not loaded', () => {
    const follow = vi.fn();
    const { event, preventDefault } = click();
    followInPage(follow)(event);
    expect(follow).toHaveBeenCalledOnce();
    expect(preventDefault).toHaveBeenCalledOnce();
  });

  it.each([{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { button: 1 }])(
    'a click with %o is left to the browser',
    (overrides) => {
      const follow = vi.fn();
      const { event, preventDefault } = click(overrides);
      followInPage(follow)(event);
      expect(follow).not.toHaveBeenCalled();
      expect(preventDefault).not.toHaveBeenCalled();
    },
  );
});
