import type { Page } from '@playwright/test';
import { apiPath } from './api';

/** An analytics event as the page posts it to the events API. */
export interface EventBody {
  event_name: string;
  props: Record<string, unknown>;
}

/**
 * Every event the page posts to the events API, in order. The bodies are read through a
 * pass-through route: `page.on('request')` sees these POSTs but not their streamed bodies.
 */
export async function recordEvents(page: Page): Promise<EventBody[]> {
  const bodies: EventBody[] = [];
  await page.route(
    (url) => url.pathname === apiPath('events'),
    async (route) => {
      const body = route.request().postDataJSON() as EventBody | null;
      if (body) bodies.push(body);
      await route.continue();
    },
  );
  return bodies;
}
