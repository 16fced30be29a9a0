/**
 * The flow explorer's entry. It imports nothing statically: every module it needs is reached
 * through this dynamic import, so none of them counts as code the sell page's entry needs at once
 * (the vendor and app chunks of vite.config.ts gather only that), and the sell page's files stay
 * as they are.
 */
await import('./start');
