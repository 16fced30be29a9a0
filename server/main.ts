import './register-stylesheet-imports.mjs';

// The server itself, loaded once stylesheet imports can be: see register-stylesheet-imports.mjs.
await import('./serve');
