import type { KeyValueStore } from '../../src/analytics/event-queue';

/** Storage kept in a map, standing in for localStorage in unit tests. */
export class MemoryStore implements KeyValueStore {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}
