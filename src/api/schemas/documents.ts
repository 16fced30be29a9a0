import { z } from 'zod';
import { docTypeCode, queryBoolean, uuid } from './common';

export const documentSummary = z.object({
  DocumentID: z.string(),
  DocTypeCD: z.string(),
  Name: z.string(),
  SkinCD: z.string(),
  CultureCD: z.string(),
  JobTitle: z.string().nullable(),
  CreatedOn: z.string(),
  ModifiedOn: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export const userDocsQuery = z.object({ userUID: uuid, docTypeCD: docTypeCode.optional() });
export const latestDocId = z.object({ DocumentID: z.string().nullable(), DocTypeCD: z.string() });
export const documentList = z.object({ Documents: z.array(documentSummary) });
export const documentQuery = z.object({ documentId: uuid });
export const metadata = z.object({ DocumentID: z.string(), WordCount: z.number().int(), CharCount: z.number().int(), SkinCD: z.string() });
export type DocumentMetadata = z.infer<typeof metadata>;

export const reviewCode = z.object({ code: z.number().int(), corrections: z.array(z.string()), isIgnored: z.boolean(), group: z.string() });
export const reviewResult = z.object({
  resumeLength: z.number().int(),
  targetTitle: z.string(),
  sections: z.array(
    z.object({
      sectionTypeCD: z.string(),
      index: z.number().int(),
      id: z.string(),
      reviewCodes: z.array(reviewCode),
      paragraphs: z.array(z.object({ docDatas: z.array(z.object({ fieldCD: z.string(), charValue: z.string(), reviewCodes: z.array(reviewCode) })) })),
    }),
  ),
});
export type ReviewResult = z.infer<typeof reviewResult>;
export const resumeScore = z.object({ DocumentID: z.string(), Score: z.number().int().nullable(), Review: reviewResult.nullable() });
export type ResumeScore = z.infer<typeof resumeScore>;

export const reviewOrder = z.object({
  OrderID: z.number().int(),
  DocumentID: z.string().nullable(),
  ProductCD: z.string(),
  status_cd: z.string(),
  step_cd: z.string().nullable(),
  IsFree: z.boolean(),
  CreatedAt: z.string(),
});
export const reviewOrders = z.object({ Orders: z.array(reviewOrder) });
export type ReviewOrders = z.infer<typeof reviewOrders>;
export const reviewOrderDetailsQuery = z.object({ orderId: z.coerce.number().int().positive() });
export const reviewOrderDetails = reviewOrder.extend({ Review: reviewResult.nullable(), DocumentName: z.string().nullable() });
export const docCount = z.object({ Resumes: z.number().int(), Letters: z.number().int() });

export const downloadQuery = z.object({
  userId: uuid,
  documentId: uuid,
  portalId: z.coerce.number().int().positive(),
  fileFormatType: z.enum(['PDF', 'TXT']).default('PDF'),
  docFileType: z.literal('eXPT').default('eXPT'),
  styleSheetName: z.string().max(64).default('RbtoHtml2'),
  skipCacheCheck: queryBoolean.default(false),
  isPrint: queryBoolean.default(false),
});
