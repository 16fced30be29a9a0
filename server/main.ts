import { register } from 'node:module';

// The pages the server draws are the app's own components, and those import their stylesheets
// (which Vite bundles for the browser): to Node such an import is an empty module.
register('./stylesheet-imports.mjs', import.meta.url);
await import('./serve');
