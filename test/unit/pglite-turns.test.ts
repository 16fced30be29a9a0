import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';

describe('PGlite and the event loop', () => {
  it('lets timers and I/O take turns with the statements of many requests at once, instead of running them all first', async () => {
    const db = await openPglite();
    try {
      await db.query('select 1');
      let turns = 0;
      const timer = setInterval(() => (turns += 1), 0);
      // Fifty requests at once, each making its statements one after another, as a request does.
      const request = async (id: number) => {
        for (let step = 0; step < 6; step += 1) await db.query('select $1::int + $2::int as n', [id, step]);
      };
      await Promise.all(Array.from({ length: 50 }, (_, id) => request(id)));
      clearInterval(timer);
      // Between two rounds of statements the event loop comes round, and the timer runs.
      expect(turns).toBeGreaterThanOrEqual(5);
    } finally {
      await db.close();
    }
  });
});
