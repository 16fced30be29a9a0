/**
 * The reads a page draws from, as promises React's `use` can wait on inside a Suspense
 * boundary: no page fetches in an effect of its own. Each read is asked for once per visit of a
 * page; the page's route loader starts a new visit (routing/router.tsx), so coming back to a
 * page reads afresh while drawing it again reuses the answer.
 */
export function createPageReads() {
  let reads = new Map<string, Promise<unknown>>();
  return {
    /** The answer for `key` in this visit, asked for the first time it is needed. */
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const known = reads.get(key);
      if (known) return known as Promise<T>;
      const answer = tagSettled(load());
      reads.set(key, answer);
      return answer;
    },
    /** Forgets the answer for `key`, so the next read asks again: how a failed read is retried. */
    forget(key: string): void {
      reads.delete(key);
    },
    newVisit(): void {
      reads = new Map();
    },
  };
}

/**
 * Marks the promise with how it settled, the way React's `use` records it: `use` then returns an
 * answer already in at once, instead of showing the Suspense fallback for a moment. That is what
 * lets a loader read ahead what a page draws, so it is drawn with the page.
 */
function tagSettled<T>(promise: Promise<T>): Promise<T> {
  const thenable = promise as Promise<T> & {
    status?: 'pending' | 'fulfilled' | 'rejected';
    value?: T;
    reason?: unknown;
  };
  thenable.status = 'pending';
  // Block bodies: returning the promise itself from these would make the chained one reject again, unhandled.
  promise.then(
    (value) => {
      Object.assign(thenable, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(thenable, { status: 'rejected', reason });
    },
  );
  return promise;
}

export type PageReads = ReturnType<typeof createPageReads>;
