import { describe, expect, it, vi } from 'vitest';
import { withDeadline } from '../../server/domain/deadline';

describe('withDeadline', () => {
  it('answers the work when it is in time, and clears its timer', async () => {
    vi.useFakeTimers();
    try {
      const answer = withDeadline(Promise.resolve('done'), 1000, () => 'late');
      await expect(answer).resolves.toBe('done');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers late() when the work is not in time, and ignores what the work does after', async () => {
    let fail!: (error: Error) => void;
    const work = new Promise<string>((_, reject) => (fail = reject));
    await expect(withDeadline(work, 10, () => 'late')).resolves.toBe('late');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      fail(new Error('too late to matter'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', unhandled);
    }
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('rejects with what late() throws', async () => {
    const answer = withDeadline(new Promise(() => undefined), 5, (): never => {
      throw new Error('timed out');
    });
    await expect(answer).rejects.toThrow('timed out');
  });

  it('passes on the rejection of work that fails in time', async () => {
    await expect(withDeadline(Promise.reject(new Error('refused')), 1000, () => 'late')).rejects.toThrow('refused');
  });
});
