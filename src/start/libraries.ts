/**
 * Nothing to use: importing this module runs the chunk of the libraries that are neither React,
 * routing, texts and state, nor react-aria (zod, ky and the small ones) in a task of its own.
 * main.tsx imports the library chunks one by one, with a pause between, before it starts the app,
 * so none of them keeps the page from answering for long (vite.config.ts groups this file with
 * those libraries). boot.tsx imports it too, which keeps the chunk among those every page needs.
 */
export const LIBRARIES_READY = true;
