import { useEffect, useState } from 'react';
import type { DocumentSummary } from '../../../api/schemas/documents';
import { useServices } from '../../../app/services';
import type { ThumbnailDocument } from '../../../domain/document-thumbnail';

export const toThumbnailDocument = (summary: DocumentSummary): ThumbnailDocument => ({
  name: summary.Name,
  skinCd: summary.SkinCD,
  docTypeCd: summary.DocTypeCD,
  jobTitle: summary.JobTitle,
});

export interface LatestDocument {
  loading: boolean;
  /** Null without a signed-in user, without documents, or when the lookup fails (the placeholder shows). */
  document: ThumbnailDocument | null;
}

/** The signed-in user's most recently edited document, from GET documents/{uid}/latest. */
export function useLatestDocument(userUID: string | null | undefined): LatestDocument {
  const { api } = useServices();
  const [state, setState] = useState<LatestDocument>({ loading: Boolean(userUID), document: null });

  useEffect(() => {
    if (!userUID) {
      setState({ loading: false, document: null });
      return;
    }
    let current = true;
    setState({ loading: true, document: null });
    api.documents.latest(userUID).then(
      (answer) => current && setState({ loading: false, document: answer.Document ? toThumbnailDocument(answer.Document) : null }),
      () => current && setState({ loading: false, document: null }),
    );
    return () => {
      current = false;
    };
  }, [api, userUID]);

  return state;
}
