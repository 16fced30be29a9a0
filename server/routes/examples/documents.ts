import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the documents operations, from the seeded demo data. */
export const documentsExamples: ExamplesByOperation = {
  'GET /documents/lastestdocid': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', docTypeCD: 'RSME' },
    responses: { 200: { DocumentID: 'd0c10000-0000-4000-8001-000000000003', DocTypeCD: 'RSME' } },
  },
  'GET /documents/list': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', docTypeCD: 'RSME' },
    responses: {
      200: {
        Documents: [
          {
            DocumentID: 'd0c10000-0000-4000-8001-000000000003',
            DocTypeCD: 'RSME',
            Name: 'Ava Martinez Resume',
            SkinCD: 'SRZ2',
            CultureCD: 'en-US',
            JobTitle: 'Marketing Manager',
            CreatedOn: '2026-11-16T23:25:41.519Z',
            ModifiedOn: '2026-11-17T23:25:41.519Z',
          },
        ],
      },
    },
  },
  'GET /documents/doccount': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', docTypeCD: 'RSME' },
    responses: { 200: { Resumes: 1, Letters: 1 } },
  },
  'GET /documents/metadata': {
    query: { documentId: 'd0c10000-0000-4000-8001-000000000003' },
    responses: {
      200: { DocumentID: 'd0c10000-0000-4000-8001-000000000003', WordCount: 36, CharCount: 258, SkinCD: 'SRZ2' },
    },
  },
  'GET /documents/resumescore': {
    query: { documentId: 'd0c10000-0000-4000-8001-000000000003' },
    responses: {
      200: {
        DocumentID: 'd0c10000-0000-4000-8001-000000000003',
        Score: 91,
        Review: {
          sections: [
            {
              id: 'summ-0',
              index: 0,
              paragraphs: [{ docDatas: [{ fieldCD: 'TEXT', charValue: 'Summary', reviewCodes: [] }] }],
              reviewCodes: [{ code: 100, group: 'content', isIgnored: false, corrections: [] }],
              sectionTypeCD: 'SUMM',
            },
            {
              id: 'expr-1',
              index: 1,
              paragraphs: [
                {
                  docDatas: [{ fieldCD: 'TEXT', charValue: 'Grew qualified leads 3x in two years.', reviewCodes: [] }],
                },
              ],
              reviewCodes: [{ code: 100, group: 'content', isIgnored: false, corrections: [] }],
              sectionTypeCD: 'EXPR',
            },
          ],
          targetTitle: 'Marketing Manager',
          resumeLength: 36,
        },
      },
    },
  },
  'GET /documents/rexorders': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', docTypeCD: 'RSME' },
    responses: {
      200: {
        Orders: [
          {
            OrderID: 9001,
            DocumentID: 'd0c10000-0000-4000-8001-000000000003',
            ProductCD: 'RSMRVW',
            status_cd: 'ACTV',
            step_cd: 'APPROV',
            IsFree: false,
            CreatedAt: '2026-10-08T23:25:41.519Z',
          },
        ],
      },
    },
  },
  'GET /documents/rexordersdetails': {
    query: { orderId: '9001' },
    responses: {
      200: {
        OrderID: 9001,
        DocumentID: 'd0c10000-0000-4000-8001-000000000003',
        ProductCD: 'RSMRVW',
        status_cd: 'ACTV',
        step_cd: 'APPROV',
        IsFree: false,
        CreatedAt: '2026-10-08T23:25:41.519Z',
        Review: {
          sections: [
            {
              id: 'summ-0',
              index: 0,
              paragraphs: [{ docDatas: [{ fieldCD: 'TEXT', charValue: 'Summary', reviewCodes: [] }] }],
              reviewCodes: [{ code: 100, group: 'content', isIgnored: false, corrections: [] }],
              sectionTypeCD: 'SUMM',
            },
            {
              id: 'expr-1',
              index: 1,
              paragraphs: [
                {
                  docDatas: [{ fieldCD: 'TEXT', charValue: 'Grew qualified leads 3x in two years.', reviewCodes: [] }],
                },
              ],
              reviewCodes: [{ code: 100, group: 'content', isIgnored: false, corrections: [] }],
              sectionTypeCD: 'EXPR',
            },
          ],
          targetTitle: 'Marketing Manager',
          resumeLength: 36,
        },
        DocumentName: 'Ava Martinez Resume',
      },
    },
  },
  'GET /documents/download': {
    query: {
      userId: '5eed0000-0000-4000-8000-000000000003',
      documentId: 'd0c10000-0000-4000-8001-000000000003',
      docType: 'RSME',
      portalId: '1',
      fileFormatType: 'PDF',
    },
  },
  'POST /documents/email': {
    body: {
      RequestID: 'e3a11000-0000-4000-8000-000000000001',
      UserGuid: '5eed0000-0000-4000-8000-000000000003',
      DocumentId: 'd0c10000-0000-4000-8001-000000000003',
      FormatType: 'PDF',
      DocType: 'RSME',
      MailTo: 'ava.martinez@example.com',
      FirstName: 'Ava',
      PortalId: 1,
    },
    responses: {
      200: {
        OutboxID: 1,
        DocumentId: 'd0c10000-0000-4000-8001-000000000003',
        DocumentName: 'Ava Martinez Resume',
        MailTo: 'ava.martinez@example.com',
        FormatType: 'PDF',
      },
    },
  },
  'GET /documents/:uid/latest': {
    params: { uid: '5eed0000-0000-4000-8000-000000000003' },
    responses: {
      200: {
        Document: {
          DocumentID: 'd0c20000-0000-4000-8002-000000000003',
          DocTypeCD: 'LETR',
          Name: 'Ava Martinez Cover Letter',
          SkinCD: 'LTR1',
          CultureCD: 'en-US',
          JobTitle: 'Marketing Manager',
          CreatedOn: '2026-11-17T23:25:41.519Z',
          ModifiedOn: '2026-11-18T23:25:41.519Z',
        },
      },
    },
  },
};
