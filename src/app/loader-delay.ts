/**
 * How long start-up may take before the loader covers the page the server drew. The app's first
 * drawing waits that long for the page itself, so a quicker start never flashes the loader.
 */
export const LOADER_AFTER_MS = 1_000;
