import type { $ZodType } from 'zod/v4/core';

type SchemasOf<M> = { [K in keyof M as M[K] extends $ZodType ? K : never]: M[K] };

/**
 * The schemas of one module of src/api/schemas, built when a call first needs one of them (the
 * module is imported beside that call's request). Building every schema at start-up held the sell
 * page in three long tasks on a slow phone, for answers most pages never read.
 */
export const schemasFrom =
  <M>(load: () => Promise<M>) =>
  <K extends keyof SchemasOf<M>>(name: K) =>
  () =>
    load().then((loaded) => (loaded as unknown as SchemasOf<M>)[name]);
