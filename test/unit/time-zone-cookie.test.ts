import { describe, expect, it } from 'vitest';
import { keepTimeZoneCookie } from '../../src/app/time-zone-cookie';

function pageLife(zone: () => string) {
  const documentEvents = new EventTarget();
  const windowEvents = new EventTarget();
  const document = Object.assign(documentEvents, { visibilityState: 'visible' as DocumentVisibilityState, cookie: '' });
  let asked = 0;
  keepTimeZoneCookie({
    document,
    window: windowEvents,
    zone: () => {
      asked += 1;
      return zone();
    },
  });
  return { document, windowEvents, asked: () => asked };
}

describe("the time zone's cookie", () => {
  it('is not read while the app starts, and is written when the page is hidden', () => {
    const page = pageLife(() => 'America/Chicago');
    expect(page.asked()).toBe(0);
    expect(page.document.cookie).toBe('');
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(page.document.cookie, 'still visible: nothing written').toBe('');
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(page.document.cookie).toMatch(/^tz=America%2FChicago;/);
  });

  it('is written when the page is left, with the zone the browser is in then', () => {
    let zone = 'Europe/Berlin';
    const page = pageLife(() => zone);
    page.windowEvents.dispatchEvent(new Event('pagehide'));
    expect(page.document.cookie).toMatch(/^tz=Europe%2FBerlin;/);
    zone = 'Asia/Tokyo';
    page.windowEvents.dispatchEvent(new Event('pagehide'));
    expect(page.document.cookie).toMatch(/^tz=Asia%2FTokyo;/);
  });

  it('is left alone when the browser cannot tell its zone', () => {
    const page = pageLife(() => {
      throw new RangeError('no zone');
    });
    expect(() => page.windowEvents.dispatchEvent(new Event('pagehide'))).not.toThrow();
    expect(page.document.cookie).toBe('');
  });
});
