import { createContext, use, useCallback, useState } from 'react';

export type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * The explorer's reads as promises React's `use` waits on inside a Suspense boundary (no read in
 * an effect), each asked once per key; a failure is an answer too, so the view can say it and
 * offer a retry, which forgets the key and asks again.
 */
export function createReads() {
  const reads = new Map<string, Promise<Answer<unknown>>>();
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<Answer<T>> {
      let answer = reads.get(key) as Promise<Answer<T>> | undefined;
      if (!answer) {
        answer = load().then(
          (data): Answer<T> => ({ ok: true, data }),
          (error: unknown): Answer<T> => ({
            ok: false,
            message: error instanceof Error ? error.message : String(error),
          }),
        );
        reads.set(key, answer);
      }
      return answer;
    },
    forget(key: string): void {
      reads.delete(key);
    },
  };
}
export type Reads = ReturnType<typeof createReads>;

export const ReadsContext = createContext<Reads | null>(null);

/** The answer of one read (the component suspends until it comes), and how to ask again. */
export function useAnswer<T>(key: string, load: () => Promise<T>): [Answer<T>, () => void] {
  const reads = use(ReadsContext);
  if (!reads) throw new Error('useAnswer needs the ReadsContext');
  const [, setAttempt] = useState(0);
  const answer = use(reads.read(key, load));
  const retry = useCallback(() => {
    reads.forget(key);
    setAttempt((n) => n + 1);
  }, [reads, key]);
  return [answer, retry];
}
