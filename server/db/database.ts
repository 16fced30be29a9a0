import type { WriteListener } from './write-watch';

/** The one shape both drivers (PGlite and node-postgres) are adapted to. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; a thrown error rolls everything back. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `listener` with the tables a statement wrote, once the write is over (a transaction's,
   * once it has committed or rolled back); answers a function that stops it. In-process caches
   * use it to drop what they copied. Writes by another process are not reported. Both drivers
   * have it; a stand-in without it (a test double) gets no such caches.
   */
  onWrite?(listener: WriteListener): () => void;
}
