import { describe, expect, it } from 'vitest';
import { readUserStatus } from '../../src/app/user-status-cookie';
import { startTestApi } from '../support/api-client';

describe('the UserStatus cookie', () => {
  it('set by demo sign-in is read back by the page as the sub-role and display name', async () => {
    const api = await startTestApi('pglite');
    try {
      const response = await api.raw('/api/demo/session?persona=employer&next=/payment/');
      const header = response.headers.getSetCookie().find((c) => c.startsWith('UserStatus='));
      expect(header).toBeDefined();
      const pair = header!.split(';')[0]!;
      expect(readUserStatus(`rp_other=1; ${pair}`)).toEqual({
        subRole: 'Employer',
        displayName: expect.stringMatching(/^Grace/),
      });
    } finally {
      await api.close();
    }
  });

  it.each([
    ['no cookie', 'a=1'],
    ['a value that is not JSON', 'UserStatus=%7Bnot-json'],
    ['a value with other types', 'UserStatus=%7B%22SubRole%22%3A5%7D'],
  ])('counts %s as absent', (_, cookie) => {
    expect(readUserStatus(cookie)).toEqual({ subRole: null, displayName: null });
  });
});
