import { Hono, type Context } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import type { Queryable } from '../db/database';
import { ApiError, forbidden, notFound } from '../http/errors';
import { requireSelf, requireUser } from '../http/session';
import { textToPdf } from '../domain/pdf';
import { findKeyedAnswer, replayOrRun, storeKeyedAnswer } from '../services/idempotency';
import * as z from 'zod/mini';
import { uuid } from '../../src/api/schemas/common';
import {
  docCount,
  documentList,
  documentQuery,
  documentEmailBody,
  documentEmailSent,
  downloadQuery,
  fallbackDocumentId,
  otherDocType,
  type DocTypeCode,
  type DocumentEmailSent,
  type DownloadFormat,
  latestDocId,
  metadata,
  resumeScore,
  reviewOrderDetails,
  reviewOrderDetailsQuery,
  reviewOrders,
  userDocsQuery,
  type DocumentSummary,
  type ReviewOrders,
} from '../../src/api/schemas/documents';
import { latestDocument } from '../../src/api/schemas/answers';

interface DocumentRow {
  document_id: string;
  user_uid: string;
  doc_type_cd: string;
  name: string;
  skin_cd: string;
  culture_cd: string;
  job_title: string | null;
  body: string;
  word_count: number;
  char_count: number;
  resume_score: number | null;
  review_result: unknown;
  created_on: Date;
  modified_on: Date;
}

const toSummary = (d: DocumentRow): DocumentSummary => ({
  DocumentID: d.document_id,
  DocTypeCD: d.doc_type_cd,
  Name: d.name,
  SkinCD: d.skin_cd,
  CultureCD: d.culture_cd,
  JobTitle: d.job_title,
  CreatedOn: new Date(d.created_on).toISOString(),
  ModifiedOn: new Date(d.modified_on).toISOString(),
});

const documentFileName = (doc: DocumentRow, format: DownloadFormat) =>
  `${doc.name.replace(/[^\w.-]+/g, '_')}.${format.toLowerCase()}`;

/** The file of a document in a format: its name, type and bytes. */
async function documentFile(
  doc: DocumentRow,
  format: DownloadFormat,
): Promise<{ filename: string; contentType: string; bytes: Uint8Array }> {
  const filename = documentFileName(doc, format);
  if (format === 'TXT')
    return { filename, contentType: 'text/plain; charset=utf-8', bytes: Buffer.from(doc.body, 'utf8') };
  return {
    filename,
    contentType: 'application/pdf',
    bytes: await textToPdf(doc.name, doc.body.split('\n'), doc.culture_cd),
  };
}

/** Step of a review order as the resume-review stage reads it. */
const stepFor = (status: string) => (status === 'NOTSTARTED' ? null : status);

export function documentRoutes() {
  const app = new Hono<AppEnv>();

  const ownedDocument = async (c: Context<AppEnv>, documentId: string): Promise<DocumentRow> => {
    const user = requireUser(c);
    const [doc] = await c.get('db').query<DocumentRow>('select * from documents where document_id = $1', [documentId]);
    if (!doc) throw notFound('The document');
    if (doc.user_uid !== user.user_uid) throw forbidden();
    return doc;
  };

  app.get(
    '/lastestdocid',
    contract({
      summary: "The id of a user's latest document of a type",
      auth: 'user',
      query: userDocsQuery,
      responses: { 200: latestDocId },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const docType = query.docTypeCD ?? 'RSME';
      const [doc] = await c
        .get('db')
        .query<{ document_id: string }>(
          'select document_id from documents where user_uid = $1 and doc_type_cd = $2 order by modified_on desc limit 1',
          [query.userUID, docType],
        );
      return c.json({ DocumentID: doc?.document_id ?? null, DocTypeCD: docType });
    },
  );

  app.get(
    '/list',
    contract({
      summary: "A user's documents, latest first",
      auth: 'user',
      query: userDocsQuery,
      responses: { 200: documentList },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const rows = await c
        .get('db')
        .query<DocumentRow>(
          `select * from documents where user_uid = $1 and ($2::text is null or doc_type_cd = $2) order by modified_on desc`,
          [query.userUID, query.docTypeCD ?? null],
        );
      return c.json({ Documents: rows.map(toSummary) });
    },
  );

  app.get(
    '/doccount',
    contract({
      summary: 'How many resumes and letters a user has',
      auth: 'user',
      query: userDocsQuery,
      responses: { 200: docCount },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const [row] = await c.get('db').query<{ resumes: string; letters: string }>(
        `select count(*) filter (where doc_type_cd = 'RSME')::text as resumes, count(*) filter (where doc_type_cd = 'LETR')::text as letters
       from documents where user_uid = $1`,
        [query.userUID],
      );
      return c.json({ Resumes: Number(row?.resumes ?? 0), Letters: Number(row?.letters ?? 0) });
    },
  );

  app.get(
    '/metadata',
    contract({
      summary: "A document's word and character counts",
      auth: 'user',
      query: documentQuery,
      responses: { 200: metadata },
      errors: [403, 404],
    }),
    async (c) => {
      const { documentId } = c.req.valid('query');
      const doc = await ownedDocument(c, documentId);
      return c.json({
        DocumentID: doc.document_id,
        WordCount: doc.word_count,
        CharCount: doc.char_count,
        SkinCD: doc.skin_cd,
      });
    },
  );

  app.get(
    '/resumescore',
    contract({
      summary: "A resume's score and review",
      auth: 'user',
      query: documentQuery,
      responses: { 200: resumeScore },
      errors: [403, 404],
    }),
    async (c) => {
      const { documentId } = c.req.valid('query');
      const doc = await ownedDocument(c, documentId);
      return c.json({ DocumentID: doc.document_id, Score: doc.resume_score, Review: doc.review_result ?? null });
    },
  );

  app.get(
    '/rexorders',
    contract({
      summary: "A user's resume review orders",
      auth: 'user',
      query: userDocsQuery,
      responses: { 200: reviewOrders },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const rows = await c.get('db').query<{
        order_id: string;
        document_id: string | null;
        product_cd: string;
        status_cd: string;
        subscription_status_cd: string;
        is_free: boolean;
        created_at: Date;
      }>('select order_id, document_id, product_cd, status_cd, subscription_status_cd, is_free, created_at from review_orders where user_uid = $1 order by created_at', [query.userUID]);
      const answer: ReviewOrders = {
        Orders: rows.map((r) => ({
          OrderID: Number(r.order_id),
          DocumentID: r.document_id,
          ProductCD: r.product_cd,
          status_cd: r.subscription_status_cd,
          step_cd: stepFor(r.status_cd),
          IsFree: r.is_free,
          CreatedAt: new Date(r.created_at).toISOString(),
        })),
      };
      return c.json(answer);
    },
  );

  app.get(
    '/rexordersdetails',
    contract({
      summary: 'One resume review order and its review',
      auth: 'user',
      query: reviewOrderDetailsQuery,
      responses: { 200: reviewOrderDetails },
      errors: [403, 404],
    }),
    async (c) => {
      const { orderId } = c.req.valid('query');
      const user = requireUser(c);
      const [row] = await c.get('db').query<{
        order_id: string;
        user_uid: string;
        document_id: string | null;
        product_cd: string;
        status_cd: string;
        subscription_status_cd: string;
        is_free: boolean;
        created_at: Date;
        name: string | null;
        review_result: unknown;
      }>(`select o.*, d.name, d.review_result from review_orders o left join documents d on d.document_id = o.document_id where o.order_id = $1`, [orderId]);
      if (!row) throw notFound('The review order');
      if (row.user_uid !== user.user_uid) throw forbidden();
      const approved = row.status_cd === 'APPROV' || row.status_cd === 'RESEND';
      return c.json({
        OrderID: Number(row.order_id),
        DocumentID: row.document_id,
        ProductCD: row.product_cd,
        status_cd: row.subscription_status_cd,
        step_cd: stepFor(row.status_cd),
        IsFree: row.is_free,
        CreatedAt: new Date(row.created_at).toISOString(),
        Review: approved ? (row.review_result ?? null) : null,
        DocumentName: row.name,
      });
    },
  );

  /** §5: the id asked for, else the latest of the asked-for type, else the latest of the other type; only the user's own. */
  const documentToServe = async (
    db: Queryable,
    userUid: string,
    documentId: string | undefined,
    docType: DocTypeCode,
  ): Promise<DocumentRow> => {
    const latestOf = async (type: DocTypeCode) =>
      documentId
        ? null
        : ((
            await db.query<{ document_id: string }>(
              'select document_id from documents where user_uid = $1 and doc_type_cd = $2 order by modified_on desc limit 1',
              [userUid, type],
            )
          )[0]?.document_id ?? null);
    const fetched = await latestOf(docType);
    const chosen = fallbackDocumentId(documentId, fetched, fetched ? null : await latestOf(otherDocType(docType)));
    if (!chosen) throw notFound('The document');
    const [doc] = await db.query<DocumentRow>('select * from documents where document_id = $1', [chosen]);
    if (!doc) throw notFound('The document');
    if (doc.user_uid !== userUid) throw forbidden();
    return doc;
  };

  app.get(
    '/download',
    contract({
      summary: 'Download or print a document: a PDF unless a text file is asked for',
      auth: 'user',
      query: downloadQuery,
      responses: {
        200: {
          description: 'The file, as an attachment or (isPrint) to show',
          content: { 'application/pdf': null, 'text/plain': null },
          headers: { 'Content-Disposition': 'The file name.' },
        },
      },
      errors: [403, 404],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userId);
      const doc = await documentToServe(c.get('db'), query.userId, query.documentId, query.docType);
      const file = await documentFile(doc, query.fileFormatType);
      const disposition = `${query.isPrint ? 'inline' : 'attachment'}; filename="${file.filename}"`;
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': disposition,
      });
    },
  );

  app.post(
    '/email',
    contract({
      summary: 'E-mail a document to its owner (or the address given): queued in the outbox once per RequestID',
      auth: 'user',
      body: documentEmailBody,
      responses: { 200: documentEmailSent },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.UserGuid);
      const answer = await c.get('db').transaction((tx) =>
        replayOrRun(
          tx,
          {
            lock: `document-email:${body.RequestID}`,
            find: () => findKeyedAnswer<DocumentEmailSent>(tx, 'document-email', body.RequestID),
            ownerOf: (stored) => stored.user_uid,
            userUid: user.user_uid,
            inUse: () => new ApiError(409, 'REQUEST_ID_IN_USE', 'This request id belongs to another request.'),
            replay: (stored) => ({ ...stored.response, Replayed: true }),
          },
          async () => {
            const doc = await documentToServe(tx, user.user_uid, body.DocumentId ?? undefined, body.DocType);
            const to = body.MailTo ?? user.email_address;
            const greeting = body.FirstName || user.first_name;
            const [row] = await tx.query<{ id: string }>(
              'insert into outbox_emails (to_address, subject, body) values ($1, $2, $3) returning id::text',
              [
                to,
                `Your document: ${doc.name}`,
                [
                  `Hello ${greeting},`,
                  `Here is "${doc.name}" as a ${body.FormatType} file (${documentFileName(doc, body.FormatType)}).`,
                  `Style sheet: ${body.StyleSheetName}.`,
                  'You can download or print it again from your dashboard at any time.',
                ].join('\n'),
              ],
            );
            const result: DocumentEmailSent = {
              OutboxID: Number(row!.id),
              DocumentId: doc.document_id,
              DocumentName: doc.name,
              MailTo: to,
              FormatType: body.FormatType,
            };
            if (body.sendSegmentEvent) {
              await tx.query('insert into events (user_id, event_name, props) values ($1, $2, $3)', [
                user.user_uid,
                body.eventDetails?.name ?? 'document emailed',
                JSON.stringify({
                  document_id: doc.document_id,
                  format: body.FormatType,
                  value: body.eventDetails?.value ?? null,
                  pay_per_feature: body.IsPayPerFeatureFlow,
                }),
              ]);
            }
            await storeKeyedAnswer(tx, 'document-email', body.RequestID, user.user_uid, result);
            return result;
          },
        ),
      );
      return c.json(answer);
    },
  );

  app.get(
    '/:uid/latest',
    contract({
      summary: "A user's most recently changed document",
      auth: 'user',
      params: z.object({ uid: uuid }),
      responses: { 200: latestDocument },
      errors: [403],
    }),
    async (c) => {
      const { uid } = c.req.valid('param');
      requireSelf(c, uid);
      const [doc] = await c
        .get('db')
        .query<DocumentRow>('select * from documents where user_uid = $1 order by modified_on desc limit 1', [uid]);
      return c.json({ Document: doc ? toSummary(doc) : null });
    },
  );

  return app;
}
