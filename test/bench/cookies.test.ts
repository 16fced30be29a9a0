import { describe, expect, it } from 'vitest';
import { cookiesFor } from '../../bench/pages';

describe("the bench's signed-in visits", () => {
  it('put every cookie of the Cookie header in the browser, values kept whole', () => {
    const base = 'http://127.0.0.1:4100';
    expect(cookiesFor(base, 'rp_session=a=b-c; tz=America%2FChicago')).toEqual([
      { name: 'rp_session', value: 'a=b-c', url: base },
      { name: 'tz', value: 'America%2FChicago', url: base },
    ]);
    expect(cookiesFor(base, null)).toEqual([]);
  });
});
