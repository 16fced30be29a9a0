/**
 * How long start-up may take before the loader covers the page the server drew. The app's first
 * drawing waits that long for the page itself, so a quicker start never flashes the loader.
 */
export const LOADER_AFTER_MS = 1_000;

/** Settles once LOADER_AFTER_MS have passed: what the app's waits for a page are raced against. */
export const loaderDelayPassed = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, LOADER_AFTER_MS));
