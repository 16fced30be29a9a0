/**
 * The flow explorer's entry (flows.html, built as its own Vite environment): the page shows its
 * loading notice at once, then the explorer's code arrives.
 */
void import('./start');
