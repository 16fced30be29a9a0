import { use } from 'react';
import type { DocumentSummary } from '../../../../api/schemas/documents';
import { useServices } from '../../../../app/services';
import type { ThumbnailDocument } from '../../../../domain/document-thumbnail';

export const toThumbnailDocument = (summary: DocumentSummary): ThumbnailDocument => ({
  name: summary.Name,
  skinCd: summary.SkinCD,
  docTypeCd: summary.DocTypeCD,
  jobTitle: summary.JobTitle,
});

/**
 * The signed-in user's most recently edited document, from GET documents/{uid}/latest. Suspends
 * until it is known; null without documents or when the lookup fails (the placeholder shows).
 */
export function useLatestDocument(userUID: string): ThumbnailDocument | null {
  const { api, reads } = useServices();
  return use(
    reads.read(`documents:${userUID}:latest`, () =>
      api.documents.latest(userUID).then(
        (answer) => (answer.Document ? toThumbnailDocument(answer.Document) : null),
        () => null,
      ),
    ),
  );
}
