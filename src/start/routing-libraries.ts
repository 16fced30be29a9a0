/** Nothing to use: the anchor of the chunk of TanStack Router (see libraries.ts). */
export const ROUTING_LIBRARIES_READY = true;
