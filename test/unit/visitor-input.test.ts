import { describe, expect, it } from 'vitest';
import { createInputClock, mayFocusHeading } from '../../src/ui/visitor-input';

describe('the input clock', () => {
  const clockAt = () => {
    const target = new EventTarget();
    let now = 0;
    const clock = createInputClock(target, () => now);
    return { target, clock, setNow: (time: number) => (now = time) };
  };

  it('knows no input before the visitor presses anything', () => {
    const { clock } = clockAt();
    expect(clock.actedSince(0)).toBe(false);
    expect(clock.actedSince(-1e9)).toBe(false);
  });

  it('counts a pointer press or a key press after the time asked about', () => {
    const { target, clock, setNow } = clockAt();
    setNow(100);
    target.dispatchEvent(new Event('pointerdown'));
    expect(clock.actedSince(50)).toBe(true);
    expect(clock.actedSince(99.9)).toBe(true);
    // A page drawn in the same instant as the press was drawn for it (the press came first).
    expect(clock.actedSince(100)).toBe(false);
    expect(clock.actedSince(101)).toBe(false);
    setNow(300);
    target.dispatchEvent(new Event('keydown'));
    expect(clock.actedSince(250)).toBe(true);
  });

  it('ignores what is not a press: moves, scrolls, clicks without a press', () => {
    const { target, clock, setNow } = clockAt();
    setNow(100);
    for (const type of ['pointermove', 'scroll', 'click', 'focusin', 'keyup']) target.dispatchEvent(new Event(type));
    expect(clock.actedSince(0)).toBe(false);
  });
});

describe("moving focus to a page's heading on arrival", () => {
  const body = { id: 'body' } as unknown as Element;
  const link = { id: 'footer link' } as unknown as Element;
  const other = { id: 'a field' } as unknown as Element;

  it('moves it when nothing has changed since the page arrived', () => {
    expect(mayFocusHeading({ actedSinceArrival: false, active: body, atArrival: body, body })).toBe(true);
    // A link that navigated here keeps focus in the frame: the new page's heading takes it.
    expect(mayFocusHeading({ actedSinceArrival: false, active: link, atArrival: link, body })).toBe(true);
    expect(mayFocusHeading({ actedSinceArrival: false, active: null, atArrival: link, body })).toBe(true);
  });

  it('leaves it where the visitor put it', () => {
    expect(mayFocusHeading({ actedSinceArrival: false, active: other, atArrival: body, body })).toBe(false);
  });

  it('leaves it alone once the visitor has pressed a pointer or a key, even if the page noted its focus after that press', () => {
    // The press on the footer link came first; the page's effect ran late and saw the link as focused at arrival.
    expect(mayFocusHeading({ actedSinceArrival: true, active: link, atArrival: link, body })).toBe(false);
    expect(mayFocusHeading({ actedSinceArrival: true, active: body, atArrival: body, body })).toBe(false);
  });
});
