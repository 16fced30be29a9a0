import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../server/http/logger';

describe('request ids', () => {
  it('are 12 characters of base64url, and none repeats across many draws of random bytes', () => {
    // More ids than one draw of random bytes holds, so the draws' seams are crossed several times.
    const ids = Array.from({ length: 5_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
