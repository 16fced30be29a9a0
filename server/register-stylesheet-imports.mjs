// The pages the server draws are the app's own components, and those import their stylesheets
// (which Vite bundles for the browser): to Node such an import is an empty module. Imported first by
// server/main.ts, and given with --import to any other process that runs the server in process (the bench).
import { register } from 'node:module';

register('./stylesheet-imports.mjs', import.meta.url);
