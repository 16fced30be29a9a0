/** Document download, print and e-mail (§5 fallback and download type, §7 download and e-mail send). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { readPdf } from '../support/pdf-text';

const ACTIVE = PERSONA_UID['active-us'];
const NEW = PERSONA_UID['new-us'];
const ZERO = '00000000-0000-0000-0000-000000000000';

describe.each(targets)('documents (%s)', (target) => {
  let api: TestApi;
  const cookies: Record<string, string> = {};
  const docOf = async (uid: string, type: 'RSME' | 'LETR') =>
    (
      await api.db.query<{ document_id: string; name: string }>(
        `select document_id, name from documents where user_uid = $1 and doc_type_cd = $2`,
        [uid, type],
      )
    )[0];
  const outboxCount = async (subjectLike: string) =>
    Number(
      (
        await api.db.query<{ n: string }>(`select count(*)::text as n from outbox_emails where subject like $1`, [
          subjectLike,
        ])
      )[0]!.n,
    );

  beforeAll(async () => {
    api = await startTestApi(target);
    for (const persona of ['new-us', 'active-us'] as const) cookies[persona] = await api.signIn(persona);
  });
  afterAll(() => api?.close());

  const download = (query: string, persona: 'new-us' | 'active-us' = 'active-us') =>
    api.raw(`/api/documents/download?${query}`, { headers: { cookie: cookies[persona]! } });

  describe('download', () => {
    it('answers a PDF by default, inline when printing', async () => {
      const resume = (await docOf(ACTIVE, 'RSME'))!;
      const pdf = await download(`userId=${ACTIVE}&documentId=${resume.document_id}&portalId=1`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The document's own lines print, in an embedded font, on the US Letter of an en-US document.
      const [{ body } = { body: '' }] = await api.db.query<{ body: string }>(
        'select body from documents where document_id = $1',
        [resume.document_id],
      );
      const read = await readPdf(bytes);
      expect(read.pageSizes[0]).toEqual([612, 792]);
      expect(read.texts).toContain(
        body
          .split('\n')
          .find((line) => line.trim() !== '')!
          .trim(),
      );
      expect(read.fonts.every((font) => font.embedded)).toBe(true);
      const print = await download(`userId=${ACTIVE}&documentId=${resume.document_id}&portalId=1&isPrint=true`);
      expect(print.headers.get('content-type')).toBe('application/pdf');
      expect(print.headers.get('content-disposition')).toMatch(/^inline; /);
    });

    it.each([
      ['TXT', 'text/plain; charset=utf-8'],
      ['txt,pdf', 'text/plain; charset=utf-8'],
      ['DOCX', 'application/pdf'],
      ['docx,txt', 'application/pdf'],
      ['pdf', 'application/pdf'],
    ])('the download type %s gives %s', async (type, contentType) => {
      const resume = (await docOf(ACTIVE, 'RSME'))!;
      const response = await download(
        `userId=${ACTIVE}&documentId=${resume.document_id}&portalId=1&fileFormatType=${encodeURIComponent(type)}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
    });

    it('falls back to the latest document of the type, then of the other type', async () => {
      const resume = (await docOf(ACTIVE, 'RSME'))!;
      const letter = (await docOf(ACTIVE, 'LETR'))!;
      const name = (r: Response) => /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1];
      expect(name(await download(`userId=${ACTIVE}&portalId=1`))).toBe(`${resume.name.replace(/ /g, '_')}.pdf`);
      expect(name(await download(`userId=${ACTIVE}&documentId=${ZERO}&portalId=1`))).toBe(
        `${resume.name.replace(/ /g, '_')}.pdf`,
      );
      expect(name(await download(`userId=${ACTIVE}&portalId=1&docType=LETR`))).toBe(
        `${letter.name.replace(/ /g, '_')}.pdf`,
      );
      // new-us has a resume and no letter: asking for a letter gives the resume.
      const own = (await docOf(NEW, 'RSME'))!;
      expect(await docOf(NEW, 'LETR')).toBeUndefined();
      expect(name(await download(`userId=${NEW}&portalId=1&docType=LETR`, 'new-us'))).toBe(
        `${own.name.replace(/ /g, '_')}.pdf`,
      );
    });

    it('refuses bad input with 4xx and another user’s document with 403', async () => {
      const resume = (await docOf(ACTIVE, 'RSME'))!;
      expect((await download(`userId=${ACTIVE}&documentId=nope&portalId=1`)).status).toBe(400);
      expect(
        (
          await download(
            `userId=${ACTIVE}&documentId=${resume.document_id}&portalId=1&fileFormatType=${encodeURIComponent('pdf;rm')}`,
          )
        ).status,
      ).toBe(400);
      expect((await download(`userId=${ACTIVE}&documentId=${resume.document_id}&portalId=1&docType=WORD`)).status).toBe(
        400,
      );
      expect((await download(`userId=${NEW}&documentId=${resume.document_id}&portalId=1`, 'new-us')).status).toBe(403);
      expect((await download(`userId=${ACTIVE}&documentId=${resume.document_id}&portalId=1`, 'new-us')).status).toBe(
        403,
      );
      expect((await download(`userId=${NEW}&documentId=${randomUUID()}&portalId=1`, 'new-us')).status).toBe(404);
      expect((await api.raw(`/api/documents/download?userId=${ACTIVE}&portalId=1`)).status).toBe(401);
    });
  });

  describe('e-mail send', () => {
    it('queues one e-mail per request id; a replay answers the first send', async () => {
      const resume = (await docOf(ACTIVE, 'RSME'))!;
      const body = { RequestID: randomUUID(), DocumentId: resume.document_id, UserGuid: ACTIVE, PortalId: 1 };
      const before = await outboxCount(`Your document: ${resume.name}`);
      const first = await api.post('/api/documents/email', body, cookies['active-us']);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({
        DocumentId: resume.document_id,
        DocumentName: resume.name,
        MailTo: 'ava.martinez@example.com',
        FormatType: 'PDF',
      });
      const again = await api.post('/api/documents/email', body, cookies['active-us']);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...(first.body as object), Replayed: true });
      expect(await outboxCount(`Your document: ${resume.name}`)).toBe(before + 1);
      const [mail] = await api.db.query<{ to_address: string; body: string }>(
        'select to_address, body from outbox_emails where id = $1',
        [(first.body as { OutboxID: number }).OutboxID],
      );
      expect(mail!.body).toContain('Ava_Martinez_Resume.pdf');
    });

    it('sends to the address given, in the type asked for, falling back to the latest document', async () => {
      const letter = (await docOf(ACTIVE, 'LETR'))!;
      const sent = await api.post(
        '/api/documents/email',
        {
          RequestID: randomUUID(),
          DocumentId: ZERO,
          DocType: 'LETR',
          UserGuid: ACTIVE,
          MailTo: ' Friend@Example.org ',
          FormatType: 'txt,pdf',
        },
        cookies['active-us'],
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({
        DocumentId: letter.document_id,
        MailTo: 'friend@example.org',
        FormatType: 'TXT',
      });
    });

    it('refuses bad input, another user’s document and a reused request id, writing nothing', async () => {
      const resume = (await docOf(ACTIVE, 'RSME'))!;
      const before = Number((await api.db.query<{ n: string }>('select count(*)::text as n from outbox_emails'))[0]!.n);
      const post = (body: unknown, persona: 'new-us' | 'active-us' = 'active-us') =>
        api.post('/api/documents/email', body, cookies[persona]);
      expect((await post({ RequestID: 'x', UserGuid: ACTIVE })).status).toBe(400);
      expect((await post({ RequestID: randomUUID(), UserGuid: ACTIVE, MailTo: 'not an address' })).status).toBe(400);
      expect((await post({ RequestID: randomUUID(), UserGuid: ACTIVE, DocumentId: 42 })).status).toBe(400);
      expect((await post({ RequestID: randomUUID(), UserGuid: ACTIVE }, 'new-us')).status).toBe(403);
      expect(
        (await post({ RequestID: randomUUID(), UserGuid: NEW, DocumentId: resume.document_id }, 'new-us')).status,
      ).toBe(403);
      expect((await post({ RequestID: randomUUID(), UserGuid: NEW, DocumentId: randomUUID() }, 'new-us')).status).toBe(
        404,
      );
      const shared = randomUUID();
      expect((await post({ RequestID: shared, UserGuid: ACTIVE })).status).toBe(200);
      expect((await post({ RequestID: shared, UserGuid: NEW }, 'new-us')).status).toBe(409);
      expect((await api.post('/api/documents/email', { RequestID: randomUUID(), UserGuid: ACTIVE })).status).toBe(401);
      const after = Number((await api.db.query<{ n: string }>('select count(*)::text as n from outbox_emails'))[0]!.n);
      expect(after).toBe(before + 1);
    });
  });
});
