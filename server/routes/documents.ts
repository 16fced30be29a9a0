import { Hono, type Context } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { forbidden, notFound } from '../http/errors';
import { requireSelf, requireUser } from '../http/session';
import { textToPdf } from '../domain/pdf';
import * as z from 'zod/mini';
import { uuid } from '../../src/api/schemas/common';
import {
  docCount,
  documentList,
  documentQuery,
  downloadQuery,
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

/** Step of a review order as the resume-review stage reads it. */
const stepFor = (status: string) => (status === 'NOTSTARTED' ? null : status);

export function documentRoutes() {
  const app = new Hono<AppEnv>();

  const ownedDocument = async (c: Context<AppEnv>, documentId: string): Promise<DocumentRow> => {
    const user = requireUser(c);
    const [doc] = await c.var.db.query<DocumentRow>('select * from documents where document_id = $1', [documentId]);
    if (!doc) throw notFound('The document');
    if (doc.user_uid !== user.user_uid) throw forbidden();
    return doc;
  };

  app.get('/lastestdocid', contract({ summary: "The id of a user's latest document of a type", auth: 'user', query: userDocsQuery, responses: { 200: latestDocId }, errors: [403] }), async (c) => {
    const query = c.req.valid('query');
    requireSelf(c, query.userUID);
    const docType = query.docTypeCD ?? 'RSME';
    const [doc] = await c.var.db.query<{ document_id: string }>(
      'select document_id from documents where user_uid = $1 and doc_type_cd = $2 order by modified_on desc limit 1',
      [query.userUID, docType],
    );
    return c.json({ DocumentID: doc?.document_id ?? null, DocTypeCD: docType });
  });

  app.get('/list', contract({ summary: "A user's documents, latest first", auth: 'user', query: userDocsQuery, responses: { 200: documentList }, errors: [403] }), async (c) => {
    const query = c.req.valid('query');
    requireSelf(c, query.userUID);
    const rows = await c.var.db.query<DocumentRow>(
      `select * from documents where user_uid = $1 and ($2::text is null or doc_type_cd = $2) order by modified_on desc`,
      [query.userUID, query.docTypeCD ?? null],
    );
    return c.json({ Documents: rows.map(toSummary) });
  });

  app.get('/doccount', contract({ summary: 'How many resumes and letters a user has', auth: 'user', query: userDocsQuery, responses: { 200: docCount }, errors: [403] }), async (c) => {
    const query = c.req.valid('query');
    requireSelf(c, query.userUID);
    const [row] = await c.var.db.query<{ resumes: string; letters: string }>(
      `select count(*) filter (where doc_type_cd = 'RSME')::text as resumes, count(*) filter (where doc_type_cd = 'LETR')::text as letters
       from documents where user_uid = $1`,
      [query.userUID],
    );
    return c.json({ Resumes: Number(row?.resumes ?? 0), Letters: Number(row?.letters ?? 0) });
  });

  app.get('/metadata', contract({ summary: "A document's word and character counts", auth: 'user', query: documentQuery, responses: { 200: metadata }, errors: [403, 404] }), async (c) => {
    const { documentId } = c.req.valid('query');
    const doc = await ownedDocument(c, documentId);
    return c.json({ DocumentID: doc.document_id, WordCount: doc.word_count, CharCount: doc.char_count, SkinCD: doc.skin_cd });
  });

  app.get('/resumescore', contract({ summary: "A resume's score and review", auth: 'user', query: documentQuery, responses: { 200: resumeScore }, errors: [403, 404] }), async (c) => {
    const { documentId } = c.req.valid('query');
    const doc = await ownedDocument(c, documentId);
    return c.json({ DocumentID: doc.document_id, Score: doc.resume_score, Review: doc.review_result ?? null });
  });

  app.get('/rexorders', contract({ summary: "A user's resume review orders", auth: 'user', query: userDocsQuery, responses: { 200: reviewOrders }, errors: [403] }), async (c) => {
    const query = c.req.valid('query');
    requireSelf(c, query.userUID);
    const rows = await c.var.db.query<{ order_id: string; document_id: string | null; product_cd: string; status_cd: string; subscription_status_cd: string; is_free: boolean; created_at: Date }>(
      'select order_id, document_id, product_cd, status_cd, subscription_status_cd, is_free, created_at from review_orders where user_uid = $1 order by created_at',
      [query.userUID],
    );
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
  });

  app.get('/rexordersdetails', contract({ summary: 'One resume review order and its review', auth: 'user', query: reviewOrderDetailsQuery, responses: { 200: reviewOrderDetails }, errors: [403, 404] }), async (c) => {
    const { orderId } = c.req.valid('query');
    const user = requireUser(c);
    const [row] = await c.var.db.query<{ order_id: string; user_uid: string; document_id: string | null; product_cd: string; status_cd: string; subscription_status_cd: string; is_free: boolean; created_at: Date; name: string | null; review_result: unknown }>(
      `select o.*, d.name, d.review_result from review_orders o left join documents d on d.document_id = o.document_id where o.order_id = $1`,
      [orderId],
    );
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
  });

  app.get('/download', contract({
    summary: 'Download a document as a PDF or a text file',
    auth: 'user',
    query: downloadQuery,
    responses: { 200: { description: 'The file, as an attachment or (isPrint) to show', content: { 'application/pdf': null, 'text/plain': null }, headers: { 'Content-Disposition': 'The file name.' } } },
    errors: [403, 404],
  }), async (c) => {
    const query = c.req.valid('query');
    requireSelf(c, query.userId);
    const doc = await ownedDocument(c, query.documentId);
    const lines = doc.body.split('\n');
    const filename = `${doc.name.replace(/[^\w.-]+/g, '_')}.${query.fileFormatType.toLowerCase()}`;
    const disposition = `${query.isPrint ? 'inline' : 'attachment'}; filename="${filename}"`;
    if (query.fileFormatType === 'TXT') {
      return c.body(doc.body, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': disposition });
    }
    const pdf = textToPdf(doc.name, lines);
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition });
  });

  app.get('/:uid/latest', contract({ summary: "A user's most recently changed document", auth: 'user', params: z.object({ uid: uuid }), responses: { 200: latestDocument }, errors: [403] }), async (c) => {
    const { uid } = c.req.valid('param');
    requireSelf(c, uid);
    const [doc] = await c.var.db.query<DocumentRow>('select * from documents where user_uid = $1 order by modified_on desc limit 1', [uid]);
    return c.json({ Document: doc ? toSummary(doc) : null });
  });

  return app;
}
