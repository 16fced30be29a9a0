import * as z from 'zod/mini';
import { docTypeCode, queryBoolean, uuid } from './common';
import { idText, positiveInt4, text } from './blocks';
import { emailAddress } from './subscriptions';
import { DEFAULT_DOWNLOAD_FORMAT, DOWNLOAD_FORMATS, downloadFormat, isPresentDocumentId } from '../../domain/documents';

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
export const metadata = z.object({
  DocumentID: z.string(),
  WordCount: z.int(),
  CharCount: z.int(),
  SkinCD: z.string(),
});

export const reviewCode = z.object({
  code: z.int(),
  corrections: z.array(z.string()),
  isIgnored: z.boolean(),
  group: z.string(),
});
export const reviewResult = z.object({
  resumeLength: z.int(),
  targetTitle: z.string(),
  sections: z.array(
    z.object({
      sectionTypeCD: z.string(),
      index: z.int(),
      id: z.string(),
      reviewCodes: z.array(reviewCode),
      paragraphs: z.array(
        z.object({
          docDatas: z.array(z.object({ fieldCD: z.string(), charValue: z.string(), reviewCodes: z.array(reviewCode) })),
        }),
      ),
    }),
  ),
});
export const resumeScore = z.object({
  DocumentID: z.string(),
  Score: z.nullable(z.int()),
  Review: z.nullable(reviewResult),
});

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
export const reviewOrderDetails = z.extend(reviewOrder, {
  Review: z.nullable(reviewResult),
  DocumentName: z.nullable(z.string()),
});
export const docCount = z.object({ Resumes: z.int(), Letters: z.int() });

/** A requested file type, or a comma list of them: the first counts, one this back end cannot write is PDF. */
const downloadFormatText = z.pipe(
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9]{1,16}(\s*,\s*[A-Za-z0-9]{1,16}){0,9}$/, 'must be a file type or a comma list of them'),
    ),
  z.transform((v) => downloadFormat(v)),
);

/** A document id from an address: a GUID; the all-zero GUID counts as none (the fallback then applies). */
const documentIdText = z.pipe(
  z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a GUID')),
  z.transform((v) => (isPresentDocumentId(v) ? v.toLowerCase() : undefined)),
);

export const downloadQuery = z.object({
  userId: uuid,
  /** Missing or all-zero: the user's latest document of `docType`, else of the other type. */
  documentId: z.optional(documentIdText),
  docType: z._default(docTypeCode, 'RSME'),
  portalId: idText(),
  fileFormatType: z._default(downloadFormatText, DEFAULT_DOWNLOAD_FORMAT),
  docFileType: z._default(z.literal('eXPT'), 'eXPT'),
  styleSheetName: z._default(text({ max: 64 }), 'RbtoHtml2'),
  skipCacheCheck: z._default(queryBoolean, false),
  isPrint: z._default(queryBoolean, false),
});

/** §3 "Document download request", as the document e-mail send takes it; RequestID makes a repeat answer the first send. */
export const documentEmailBody = z.object({
  RequestID: uuid,
  DocumentId: z.optional(z.nullable(documentIdText)),
  UserGuid: uuid,
  FormatType: z._default(downloadFormatText, DEFAULT_DOWNLOAD_FORMAT),
  StyleSheetName: z._default(text({ max: 64 }), 'RbtoHtml2'),
  /** Where to send it; the user's own address when missing. */
  MailTo: z.optional(emailAddress),
  FirstName: z.optional(text({ trim: true, max: 64 })),
  PortalId: z.optional(positiveInt4),
  IsPayPerFeatureFlow: z._default(z.boolean(), false),
  DocType: z._default(docTypeCode, 'RSME'),
  sendSegmentEvent: z._default(z.boolean(), false),
  eventDetails: z.optional(z.object({ name: text({ trim: true, min: 1, max: 128 }), value: text({ max: 256 }) })),
});

export const documentEmailSent = z.object({
  OutboxID: z.int(),
  DocumentId: z.string(),
  DocumentName: z.string(),
  MailTo: z.string(),
  FormatType: z.enum(DOWNLOAD_FORMATS),
  /** True when this answers a repeat of an earlier send. */
  Replayed: z.optional(z.boolean()),
});
export type DocumentEmailSent = z.infer<typeof documentEmailSent>;

export {
  autoDownloadDelayMs,
  builderEditPath,
  cutName,
  fallbackDocumentId,
  inAutoDownloadDelayTest,
  isPresentDocumentId,
  otherDocType,
  secondsLeft,
  type DocTypeCode,
  type DownloadFormat,
} from '../../domain/documents';

/** The URL the browser opens (in a hidden frame, or a print window when printing) to get a document's file. */
export function documentDownloadUrl(
  apiBase: string,
  query: { userId: string; documentId?: string | null; docType?: 'RSME' | 'LETR'; portalId: number; isPrint?: boolean },
): string {
  const params = new URLSearchParams({ userId: query.userId });
  if (query.documentId) params.set('documentId', query.documentId);
  if (query.docType) params.set('docType', query.docType);
  params.set('portalId', String(query.portalId));
  for (const [key, value] of Object.entries({
    fileFormatType: 'PDF',
    docFileType: 'eXPT',
    styleSheetName: 'RbtoHtml2',
    isPrint: String(query.isPrint ?? false),
  }))
    params.set(key, value);
  return `${apiBase.replace(/\/+$/, '')}/documents/download?${params}`;
}
