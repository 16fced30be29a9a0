/**
 * Nothing to use: importing this module runs the libraries' chunk (the code every page needs from
 * node_modules, beside React) in a task of its own. main.tsx does so before it starts the app, so
 * setting up the libraries and setting up the app are separate pieces of work (vite.config.ts
 * groups this file with the libraries).
 */
export const LIBRARIES_READY = true;
