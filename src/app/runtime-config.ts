import * as z from 'zod/mini';

const runtimeConfig = z.object({
  apiBase: z._default(z.string(), '/api'),
  dashboardUrl: z._default(z.string(), '/dashboard'),
  appBase: z._default(z.string(), '/payment'),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

/** The server writes where things are into a meta tag of index.html; the dev server leaves defaults. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const raw = doc.querySelector('meta[name="app-config"]')?.getAttribute('content') ?? '';
  try {
    return runtimeConfig.parse(JSON.parse(raw));
  } catch {
    return runtimeConfig.parse({});
  }
}
