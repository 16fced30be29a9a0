import type { DashboardTexts } from './dashboard-texts';
import { escapeHtml } from './dashboard-texts';
import { cutName, documentDownloadUrl, type DocTypeCode } from '../../src/api/schemas/documents';

export interface ActionDocument {
  document_id: string;
  doc_type_cd: string;
  name: string;
}

export interface ActionUser {
  user_uid: string;
  portal_id: number;
  email_address: string;
}

/** A document's name as shown: long names cut at 25 with an ellipsis, the whole name kept for assistive technology. */
export function shownName(name: string): string {
  const cut = cutName(name);
  return cut === name.trim()
    ? escapeHtml(cut)
    : `<span aria-hidden="true" title="${escapeHtml(name)}">${escapeHtml(cut)}</span><span class="visually-hidden">${escapeHtml(name)}</span>`;
}

/** Download (a PDF), print (the print window) and e-mail buttons for one document, with a status line. */
export function documentActions(texts: DashboardTexts, apiBase: string, user: ActionUser, doc: ActionDocument): string {
  const { t } = texts;
  const docType = doc.doc_type_cd as DocTypeCode;
  const url = (isPrint: boolean) =>
    escapeHtml(
      documentDownloadUrl(apiBase, {
        userId: user.user_uid,
        documentId: doc.document_id,
        portalId: user.portal_id,
        isPrint,
      }),
    );
  const statusId = `status-${doc.document_id}`;
  const name = doc.name;
  return `<div class="actions">
<a class="button" href="${url(false)}" download aria-label="${t('documents.downloadLabel', { name })}" data-testid="download">${t('documents.download')}</a>
<button type="button" data-print-url="${url(true)}" data-status="${statusId}" data-blocked-text="${t('documents.printBlocked')}" aria-label="${t('documents.printLabel', { name })}" data-testid="print">${t('documents.print')}</button>
<button type="button" data-email-document="${escapeHtml(doc.document_id)}" data-doc-type="${escapeHtml(docType)}" data-user="${escapeHtml(user.user_uid)}" data-portal="${user.portal_id}" data-status="${statusId}"
  data-sending-text="${t('documents.emailSending')}" data-sent-text="${t('documents.emailSent', { name, email: user.email_address })}" data-failed-text="${t('documents.emailFailed')}"
  aria-label="${t('documents.emailLabel', { name, email: user.email_address })}" data-testid="email">${t('documents.email')}</button>
<p id="${statusId}" role="status" class="status"></p>
</div>`;
}
