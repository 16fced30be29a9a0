import { describe, expect, it } from 'vitest';
import { directionFor } from '../../src/app/text-direction';

describe('text direction from the configured right-to-left cultures', () => {
  it.each([
    ['ar-AE', ['ar-AE', 'he-IL'], 'rtl'],
    ['he-IL', ['ar-AE', 'he-IL'], 'rtl'],
    ['AR-ae', ['ar-AE'], 'rtl'],
    ['ar-SA', ['ar'], 'rtl'],
    ['ar-SA', ['ar-AE'], 'ltr'],
    ['en-US', ['ar-AE', 'he-IL'], 'ltr'],
    ['de-DE', [], 'ltr'],
  ])('%s with %j is %s', (culture, cultures, direction) => {
    expect(directionFor(culture, cultures)).toBe(direction);
  });
});
