/** The dashboard stand-in speaks the person's language: every text of its page comes from the `dashboard` namespace. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';

const textsOf = (culture: string) =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/locales/${culture}/dashboard.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

/** Every text of a part of the namespace, without its placeholders (the pieces around them). */
function piecesOf(node: unknown): string[] {
  if (typeof node === 'string')
    return node
      .split(/\{\{[^}]+\}\}/)
      .map((piece) => piece.trim())
      .filter((piece) => piece.length >= 4);
  if (node && typeof node === 'object') return Object.values(node).flatMap(piecesOf);
  return [];
}

/** The parts of the page that were English only before. */
const PARTS = ['page', 'account', 'userTypes', 'links', 'personas', 'outbox', 'autoDownload'] as const;
const decode = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

describe.each(targets)('dashboard in seven cultures (%s)', (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  it('for a de-DE user, no English text of the account, links, personas, outbox or download parts is left', async () => {
    // On a phone the download waits (3 s), so the countdown and its buttons are drawn.
    const response = await api.raw('/dashboard?autodownload=true&device=mobile', {
      headers: { cookie: await api.signIn('active-de') },
    });
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    const en = textsOf('en-US');
    const de = textsOf('de-DE') as Record<string, Record<string, string>>;
    expect(html).toContain('<html lang="de-DE">');
    // The parts are there, in German.
    for (const text of [
      de.page!.heading!,
      de.account!.heading!,
      de.links!.heading!,
      de.personas!.heading!,
      de.outbox!.heading!,
      de.account!.signOut!,
      de.autoDownload!.now!,
      de.autoDownload!.cancel!,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Ihr Dokument wird in 3 Sekunden heruntergeladen.');
    const german = new Set(PARTS.flatMap((part) => piecesOf(de[part])));
    const english = PARTS.flatMap((part) => piecesOf(en[part])).filter((piece) => !german.has(piece));
    expect(english.length).toBeGreaterThan(30);
    expect(english.filter((piece) => html.includes(piece))).toEqual([]);
  });

  it('the countdown is pluralised in the culture, one text per second', async () => {
    const response = await api.raw('/dashboard?autodownload=true&device=mobile', {
      headers: { cookie: await api.signIn('active-de') },
    });
    const attribute = /data-countdown-texts="([^"]+)"/.exec(await response.text())?.[1];
    expect(JSON.parse(decode(attribute!))).toEqual([
      '',
      'Ihr Dokument wird in 1 Sekunde heruntergeladen.',
      'Ihr Dokument wird in 2 Sekunden heruntergeladen.',
      'Ihr Dokument wird in 3 Sekunden heruntergeladen.',
    ]);
  });
});
