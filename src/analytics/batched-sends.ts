/**
 * Gathers the items sent within `waitMs` of each other into one call of `sendMany` (at most `max`
 * items a call). Each item's promise settles with its call. A machine takes several steps in a
 * row when a page opens; sent one by one, they would be as many requests competing with the page.
 */
export function batchedSends<T>(
  sendMany: (items: T[]) => Promise<void>,
  options: { waitMs?: number; max: number; setTimer?: (run: () => void, ms: number) => void },
): (item: T) => Promise<void> {
  const waitMs = options.waitMs ?? 50;
  const setTimer = options.setTimer ?? ((run, ms) => void setTimeout(run, ms));
  let gathering: { items: T[]; settle: { resolve: () => void; reject: (error: unknown) => void }[] } | null = null;

  const sendGathered = () => {
    const batch = gathering!;
    gathering = null;
    sendMany(batch.items).then(
      () => batch.settle.forEach((s) => s.resolve()),
      (error: unknown) => batch.settle.forEach((s) => s.reject(error)),
    );
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      if (!gathering) {
        const started = { items: [] as T[], settle: [] as { resolve: () => void; reject: (error: unknown) => void }[] };
        gathering = started;
        // A batch already sent because it was full is not sent again.
        setTimer(() => {
          if (gathering === started) sendGathered();
        }, waitMs);
      }
      gathering.items.push(item);
      gathering.settle.push({ resolve, reject });
      if (gathering.items.length >= options.max) sendGathered();
    });
}
