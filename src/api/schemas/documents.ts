import * as z from 'zod/mini';
import { docTypeCode, queryBoolean, uuid } from './common';
import { idText, text } from './blocks';

export const documentSummary = z.object({
  DocumentID: z.string(),
  DocTypeCD: z.string(),
  Name: z.string(),
  SkinCD: z.string(),
  CultureCD: z.string(),
  JobTitle: z.nullable(z.string()),
  CreatedOn: z.string(),
  ModifiedOn: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export const userDocsQuery = z.object({ userUID: uuid, docTypeCD: z.optional(docTypeCode) });
export const latestDocId = z.object({ DocumentID: z.nullable(z.string()), DocTypeCD: z.string() });
export const documentList = z.object({ Documents: z.array(documentSummary) });
export const documentQuery = z.object({ documentId: uuid });
export const metadata = z.object({ DocumentID: z.string(), WordCount: z.int(), CharCount: z.int(), SkinCD: z.string() });

export const reviewCode = z.object({ code: z.int(), corrections: z.array(z.string()), isIgnored: z.boolean(), group: z.string() });
export const reviewResult = z.object({
  resumeLength: z.int(),
  targetTitle: z.string(),
  sections: z.array(
    z.object({
      sectionTypeCD: z.string(),
      index: z.int(),
      id: z.string(),
      reviewCodes: z.array(reviewCode),
      paragraphs: z.array(z.object({ docDatas: z.array(z.object({ fieldCD: z.string(), charValue: z.string(), reviewCodes: z.array(reviewCode) })) })),
    }),
  ),
});
export const resumeScore = z.object({ DocumentID: z.string(), Score: z.nullable(z.int()), Review: z.nullable(reviewResult) });

export const reviewOrder = z.object({
  OrderID: z.int(),
  DocumentID: z.nullable(z.string()),
  ProductCD: z.string(),
  status_cd: z.string(),
  step_cd: z.nullable(z.string()),
  IsFree: z.boolean(),
  CreatedAt: z.string(),
});
export const reviewOrders = z.object({ Orders: z.array(reviewOrder) });
export type ReviewOrders = z.infer<typeof reviewOrders>;
export const reviewOrderDetailsQuery = z.object({ orderId: idText('bigint') });
export const reviewOrderDetails = z.extend(reviewOrder, { Review: z.nullable(reviewResult), DocumentName: z.nullable(z.string()) });
export const docCount = z.object({ Resumes: z.int(), Letters: z.int() });

export const downloadQuery = z.object({
  userId: uuid,
  documentId: uuid,
  portalId: idText(),
  fileFormatType: z._default(z.enum(['PDF', 'TXT']), 'PDF'),
  docFileType: z._default(z.literal('eXPT'), 'eXPT'),
  styleSheetName: z._default(text({ max: 64 }), 'RbtoHtml2'),
  skipCacheCheck: z._default(queryBoolean, false),
  isPrint: z._default(queryBoolean, false),
});
