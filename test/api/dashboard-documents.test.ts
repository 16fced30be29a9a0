/** The dashboard stand-in's document side: builder edit pages, the download request's wait, and the promo ad widget. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { AUTO_DOWNLOAD_DELAY_EXPERIMENT } from '../../src/domain/documents';
import { PROMO_WIDGET_TYPES } from '../../src/domain/promo-ad';

const ACTIVE = PERSONA_UID['active-us'];

describe.each(targets)('dashboard documents (%s)', (target) => {
  let api: TestApi;
  const cookies: Record<string, string> = {};
  const docOf = async (uid: string, type: 'RSME' | 'LETR') =>
    (
      await api.db.query<{ document_id: string; name: string }>(
        `select document_id, name from documents where user_uid = $1 and doc_type_cd = $2`,
        [uid, type],
      )
    )[0]!;
  const page = async (path: string, cookie?: string) => {
    const response = await api.raw(path, { headers: cookie ? { cookie } : {} });
    return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
  };

  beforeAll(async () => {
    api = await startTestApi(target);
    for (const persona of ['new-us', 'active-us', 'active-de'] as const) cookies[persona] = await api.signIn(persona);
  });
  afterAll(() => api?.close());

  describe('builder edit pages', () => {
    it.each([
      ['/build/resume', 'RSME', 'Resume editor'],
      ['/build-resume/mobile', 'RSME', 'Resume editor (mobile)'],
      ['/build/letter', 'LETR', 'Cover letter editor'],
    ] as const)('%s shows the document it edits', async (path, type, heading) => {
      const doc = await docOf(ACTIVE, type);
      const answer = await page(`${path}?mode=edit&documentid=${doc.document_id}`, cookies['active-us']);
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.html).toContain(`<h1 data-testid="builder-editor">${heading}</h1>`);
      expect(answer.html).toContain(`data-document-id="${doc.document_id}"`);
      expect(answer.html).toContain(doc.name);
      expect(answer.html).toContain('isPrint=true');
    });

    it('speaks the user’s language', async () => {
      const doc = await docOf(PERSONA_UID['active-de'], 'RSME');
      const answer = await page(
        `/build/resume?mode=EDIT&documentid=${doc.document_id.toUpperCase()}`,
        cookies['active-de'],
      );
      expect(answer.status).toBe(200);
      expect(answer.html).toContain('<html lang="de-DE">');
      expect(answer.html).toContain('Lebenslauf-Editor');
    });

    it.each([
      ['a missing id', '/build/resume?mode=edit', 'active-us', 400],
      ['a malformed id', '/build/resume?mode=edit&documentid=%3Cscript%3E', 'active-us', 400],
      ['the empty GUID', '/build/resume?mode=edit&documentid=00000000-0000-0000-0000-000000000000', 'active-us', 400],
      [
        'another mode',
        `/build/resume?mode=view&documentid=${'d0c10000-0000-4000-8001-000000000003'}`,
        'active-us',
        400,
      ],
      ['an unknown id', '/build/letter?mode=edit&documentid=0badd0c0-0000-4000-8000-000000000000', 'active-us', 404],
      ['another user’s document', `/build/resume?mode=edit&documentid=RESUME`, 'new-us', 403],
      ['a letter in the resume editor', `/build/resume?mode=edit&documentid=LETTER`, 'active-us', 404],
      ['a guest', `/build/resume?mode=edit&documentid=RESUME`, null, 401],
    ] as const)('%s gets a clear error page', async (_why, path, persona, status) => {
      const resolved = path
        .replace('RESUME', (await docOf(ACTIVE, 'RSME')).document_id)
        .replace('LETTER', (await docOf(ACTIVE, 'LETR')).document_id);
      const answer = await page(resolved, persona ? cookies[persona] : undefined);
      expect(answer.status).toBe(status);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.html).toContain('data-testid="builder-error"');
      expect(answer.html).not.toContain('<script>');
    });
  });

  it('cuts a long document name at 25 characters, keeping the whole name for screen readers', async () => {
    const fresh = await api.signIn('new-us');
    const doc = await docOf(PERSONA_UID['new-us'], 'RSME');
    await api.db.query('update documents set name = $1 where document_id = $2', [
      'Alexandria Montgomery-Smithson Resume',
      doc.document_id,
    ]);
    try {
      for (const path of ['/dashboard', `/build/resume?mode=edit&documentid=${doc.document_id}`]) {
        const answer = await page(path, fresh);
        expect(answer.html).toContain(
          '<span aria-hidden="true" title="Alexandria Montgomery-Smithson Resume">Alexandria Montgomery-Smi…</span>',
        );
        expect(answer.html).toContain('<span class="visually-hidden">Alexandria Montgomery-Smithson Resume</span>');
      }
    } finally {
      await api.db.query('update documents set name = $1 where document_id = $2', [doc.name, doc.document_id]);
    }
  });

  describe('auto-download', () => {
    const experimentCookie = (variation: number) =>
      `ew_exp=${encodeURIComponent(JSON.stringify([{ ExperimentGUID: AUTO_DOWNLOAD_DELAY_EXPERIMENT, VariationIndex: variation, PortalCD: 'RNUS' }]))}`;
    const delayOf = (html: string) => /data-autodownload-delay="(\d+)"/.exec(html)?.[1];

    it.each([
      ['', 3, '5000'],
      ['', 1, '0'],
      ['&device=mobile', 1, '3000'],
      ['&device=mobile', 3, '3000'],
      ['&device=mobile&instantdownload=true', 1, '0'],
    ])('query %j, variation %i → %s ms', async (extra, variation, delay) => {
      const answer = await page(
        `/dashboard?autodownload=true${extra}`,
        `${cookies['active-us']}; ${experimentCookie(variation)}`,
      );
      expect(delayOf(answer.html)).toBe(delay);
    });

    it('downloads the named document, or the latest of the type asked for', async () => {
      const letter = await docOf(ACTIVE, 'LETR');
      const named = await page(`/dashboard?autodownload=1&docid=${letter.document_id}`, cookies['active-us']);
      const autoUrl = (html: string) => /data-autodownload-url="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      expect(autoUrl(named.html)).toContain(`documentId=${letter.document_id}`);
      const byType = await page(
        `/dashboard?autodownload=1&doctype=LETR,RSME&docid=00000000-0000-0000-0000-000000000000`,
        cookies['active-us'],
      );
      expect(autoUrl(byType.html)).not.toContain('documentId=');
      expect(autoUrl(byType.html)).toContain('docType=LETR');
      expect((await page('/dashboard', cookies['active-us'])).html).not.toContain('data-autodownload-url');
    });
  });

  describe('promo ad widget', () => {
    it.each(PROMO_WIDGET_TYPES.map((type) => [type]))('shows the %s widget', async (type) => {
      const answer = await page(`/dashboard?promo=${type}`, cookies['active-us']);
      expect(answer.html).toContain(`data-promo-type="${type}"`);
    });

    it('falls back to the cover letter for an unknown type, in the user’s language', async () => {
      expect((await page('/dashboard?promo=podcast', cookies['active-us'])).html).toContain(
        'data-promo-type="coverLetter"',
      );
      const german = await page('/dashboard?promo=%3Cb%3E', cookies['active-de']);
      expect(german.html).toContain('data-promo-type="coverLetter"');
      expect(german.html).toContain('Ein passendes Anschreiben dazu');
      expect((await page('/dashboard')).html).toContain('data-promo-type="coverLetter"');
    });
  });
});
