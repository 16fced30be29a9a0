import { describe, expect, it } from 'vitest';
import { clampZoom, fitOf, graphKeyAction, MAX_ZOOM, scrollKeeping, zoomText } from '../../src/flows-explorer/zoom';

describe("the explorer graph's zoom", () => {
  it('fits a graph wider than the page to the page width, in a box no taller than 70 % of the window', () => {
    // purchaseFunnel's natural size, on a desktop and a phone.
    const desktop = fitOf({ width: 3946, height: 551 }, 1300, 900);
    expect(desktop.zoom).toBeCloseTo(1300 / 3946, 5);
    expect(desktop.boxHeight).toBe(360);
    const phone = fitOf({ width: 3946, height: 551 }, 348, 844);
    expect(3946 * phone.zoom).toBeLessThanOrEqual(348);
    // A tall graph fits the height; a small one is never enlarged to fit.
    const tall = fitOf({ width: 1588, height: 1674 }, 1300, 900);
    expect(tall.boxHeight).toBe(630);
    expect(1674 * tall.zoom).toBeLessThanOrEqual(630);
    expect(fitOf({ width: 400, height: 200 }, 1300, 900)).toEqual({ zoom: 1, boxHeight: 200 });
  });

  it('keeps the zoom between the fit and the most', () => {
    expect(clampZoom(0.01, 0.33)).toBe(0.33);
    expect(clampZoom(10, 0.33)).toBe(MAX_ZOOM);
    expect(clampZoom(0.5, 0.33)).toBe(0.5);
  });

  it('keeps the point under the pointer still', () => {
    // At zoom 1, scrolled 100: the point 50 px into the box is graph x 150; at zoom 2 it is at 300, so scroll 250.
    expect(scrollKeeping(100, 50, 1, 2)).toBe(250);
    expect(scrollKeeping(0, 0, 2, 1)).toBe(0);
  });

  it('reads + − 0 and the arrow keys, and leaves every other key alone', () => {
    expect(graphKeyAction('+', false)).toEqual({ zoom: 'in' });
    expect(graphKeyAction('=', false)).toEqual({ zoom: 'in' });
    expect(graphKeyAction('-', false)).toEqual({ zoom: 'out' });
    expect(graphKeyAction('0', false)).toEqual({ zoom: 'fit' });
    expect(graphKeyAction('ArrowLeft', false)).toEqual({ pan: { dx: -40, dy: 0 } });
    expect(graphKeyAction('ArrowDown', true)).toEqual({ pan: { dx: 0, dy: 200 } });
    expect(graphKeyAction('Tab', false)).toBeNull();
    expect(zoomText(0.338)).toBe('34 %');
  });
});
