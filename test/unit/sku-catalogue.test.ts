import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { createWriteWatch, type WriteListener } from '../../server/db/write-watch';
import { createSkuCatalogue } from '../../server/repositories/sku-catalogue';

/** A database double that answers SKU reads from `rows`, counts them, and reports writes as the drivers do. */
function fakeDatabase(rows: Map<number, { sku_id: number; label: string }>, options: { reportsWrites?: boolean } = {}) {
  const watch = createWriteWatch();
  const reads: number[] = [];
  let hold: Promise<void> | undefined;
  const db = {
    kind: 'pglite',
    async query(_text: string, params: unknown[] = []) {
      const id = Number(params[0]);
      reads.push(id);
      const row = rows.get(id);
      const answer = row ? [{ ...row, culture_cd: 'en-US' }] : [];
      await hold;
      return answer;
    },
    transaction: () => Promise.reject(new Error('not used')),
    close: async () => undefined,
    ...(options.reportsWrites === false ? {} : { onWrite: (listener: WriteListener) => watch.onWrite(listener) }),
  } as unknown as Database;
  return { db, reads, wrote: watch.wrote, holdReads: (until: Promise<void>) => (hold = until) };
}

describe('SKU catalogue', () => {
  const catalogue = () => new Map([[102, { sku_id: 102, label: '14-day access' }]]);

  it('reads a SKU once, then answers from its copy until the copy is stale', async () => {
    let clock = 0;
    const fake = fakeDatabase(catalogue());
    const skus = createSkuCatalogue(fake.db, 1_000, () => clock);
    expect((await skus.find(102))?.label).toBe('14-day access');
    expect((await skus.find(102))?.label).toBe('14-day access');
    expect(fake.reads).toEqual([102]);
    clock = 1_000;
    await skus.find(102);
    expect(fake.reads, 'read again once stale').toEqual([102, 102]);
  });

  it('drops every copy when skus or portals are written, and only then', async () => {
    const rows = catalogue();
    const fake = fakeDatabase(rows);
    const skus = createSkuCatalogue(fake.db);
    await skus.find(102);
    fake.wrote("update users set user_type = 'ACTV' where user_uid = $1");
    await skus.find(102);
    expect(fake.reads, 'a write to another table keeps the copy').toEqual([102]);
    rows.set(102, { sku_id: 102, label: 'renamed' });
    fake.wrote('update skus set label = $1 where sku_id = $2');
    expect((await skus.find(102))?.label).toBe('renamed');
    fake.wrote('update portals set culture_cd = $1');
    await skus.find(102);
    expect(fake.reads).toEqual([102, 102, 102]);
  });

  it('does not keep a read that was under way when a write ended', async () => {
    const rows = catalogue();
    const fake = fakeDatabase(rows);
    const skus = createSkuCatalogue(fake.db);
    let release!: () => void;
    fake.holdReads(new Promise<void>((resolve) => (release = resolve)));
    const inFlight = skus.find(102);
    rows.set(102, { sku_id: 102, label: 'renamed' });
    fake.wrote('update skus set label = $1 where sku_id = $2');
    release();
    expect((await inFlight)?.label, 'the read answers what it read').toBe('14-day access');
    expect((await skus.find(102))?.label, 'but its answer was not kept').toBe('renamed');
  });

  it('keeps no unknown ids, and hands out copies nobody can change', async () => {
    const fake = fakeDatabase(catalogue());
    const skus = createSkuCatalogue(fake.db);
    expect(await skus.find(999)).toBeUndefined();
    expect(await skus.find(999)).toBeUndefined();
    expect(fake.reads).toEqual([999, 999]);
    const row = (await skus.find(102))!;
    expect(() => Object.assign(row, { label: 'changed' })).toThrow(TypeError);
  });

  it('keeps nothing for a database that cannot report its writes', async () => {
    const fake = fakeDatabase(catalogue(), { reportsWrites: false });
    const skus = createSkuCatalogue(fake.db);
    await skus.find(102);
    await skus.find(102);
    expect(fake.reads).toEqual([102, 102]);
  });
});
