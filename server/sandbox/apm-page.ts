/**
 * The sandbox's stand-in for an alternative payment method's own page (PayPal, UPI): the person
 * sees what they pay for and approves or cancels. Both lead back to the app's processing page,
 * whose address is built here from the app's base path, never taken from the request.
 */

export type ApmMethod = 'PYPL' | 'DUPI';

interface ApmTexts {
  title: Record<ApmMethod, string>;
  note: string;
  intro: string;
  plan: string;
  amount: string;
  approve: string;
  cancel: string;
  approved: string;
  cancelled: string;
  continue: string;
  notFound: string;
  signIn: string;
}

const TEXTS: Record<'en' | 'de', ApmTexts> = {
  en: {
    title: { PYPL: 'Sandbox PayPal', DUPI: 'Sandbox UPI' },
    note: 'Test mode: this page stands in for the payment provider. No real money moves.',
    intro: 'Approve the payment to finish your purchase, or cancel to return to the shop without paying.',
    plan: 'Plan',
    amount: 'Amount',
    approve: 'Approve',
    cancel: 'Cancel',
    approved: 'This payment has already been approved.',
    cancelled: 'This payment was cancelled.',
    continue: 'Back to the shop',
    notFound: 'There is no payment waiting for your approval here.',
    signIn: 'Your session has ended. Sign in again to approve this payment.',
  },
  de: {
    title: { PYPL: 'Sandbox PayPal', DUPI: 'Sandbox UPI' },
    note: 'Testmodus: Diese Seite vertritt den Zahlungsanbieter. Es fließt kein echtes Geld.',
    intro:
      'Bestätigen Sie die Zahlung, um den Kauf abzuschließen, oder brechen Sie ab, um ohne Zahlung zum Shop zurückzukehren.',
    plan: 'Abo',
    amount: 'Betrag',
    approve: 'Bestätigen',
    cancel: 'Abbrechen',
    approved: 'Diese Zahlung wurde bereits bestätigt.',
    cancelled: 'Diese Zahlung wurde abgebrochen.',
    continue: 'Zurück zum Shop',
    notFound: 'Hier wartet keine Zahlung auf Ihre Bestätigung.',
    signIn: 'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um diese Zahlung zu bestätigen.',
  },
};

export const apmTexts = (lang: string): ApmTexts => (lang.slice(0, 2) === 'de' ? TEXTS.de : TEXTS.en);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface ApmReturn {
  /** The app's processing page, e.g. `/payment/processing`. */
  processingPath: string;
  transactionId: number;
  skuId: number;
  method: ApmMethod;
}

/** `/payment/processing?orderid=…&skuid=…&method=…&status=…`: the same address the page's form submits to. */
export function processingUrl(back: ApmReturn, status: 'approved' | 'cancelled'): string {
  const query = new URLSearchParams({
    orderid: String(back.transactionId),
    skuid: String(back.skuId),
    method: back.method,
    status,
  });
  return `${back.processingPath}?${query}`;
}

function page(lang: string, title: string, content: string, stylesheet: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main aria-labelledby="apm-title">
<h1 id="apm-title">${escapeHtml(title)}</h1>
${content}
</main>
</body>
</html>
`;
}

export interface ApmPageModel {
  lang: string;
  stylesheet: string;
  back: ApmReturn;
  planLabel: string;
  formattedAmount: string;
  /** PEND: waiting for the person; SUCC or FAIL: settled before (a reload, the back button). */
  status: 'PEND' | 'SUCC' | 'FAIL';
}

/** The approval page: plan and amount, then Approve and Cancel, which submit to the processing page. */
export function renderApmPage(model: ApmPageModel): string {
  const t = apmTexts(model.lang);
  const title = t.title[model.back.method];
  const summary = `<p class="note">${escapeHtml(t.note)}</p>
<dl class="summary">
  <div><dt>${escapeHtml(t.plan)}</dt><dd>${escapeHtml(model.planLabel)}</dd></div>
  <div><dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(model.formattedAmount)}</dd></div>
</dl>`;
  if (model.status !== 'PEND') {
    const approved = model.status === 'SUCC';
    const href = processingUrl(model.back, approved ? 'approved' : 'cancelled');
    return page(
      model.lang,
      title,
      `${summary}
<p role="status">${escapeHtml(approved ? t.approved : t.cancelled)}</p>
<p><a class="button" href="${escapeHtml(href)}">${escapeHtml(t.continue)}</a></p>`,
      model.stylesheet,
    );
  }
  // One form, two submit buttons: the pressed one adds status=approved or status=cancelled last.
  return page(
    model.lang,
    title,
    `${summary}
<p id="apm-intro">${escapeHtml(t.intro)}</p>
<form method="get" action="${escapeHtml(model.back.processingPath)}" aria-describedby="apm-intro">
  <input type="hidden" name="orderid" value="${model.back.transactionId}">
  <input type="hidden" name="skuid" value="${model.back.skuId}">
  <input type="hidden" name="method" value="${escapeHtml(model.back.method)}">
  <div class="actions">
    <button type="submit" name="status" value="approved">${escapeHtml(t.approve)}</button>
    <button type="submit" name="status" value="cancelled" class="secondary">${escapeHtml(t.cancel)}</button>
  </div>
</form>`,
    model.stylesheet,
  );
}

/** A page for when there is nothing to approve (not signed in, or no such pending payment). */
export function renderApmProblem(
  lang: string,
  method: ApmMethod,
  problem: 'notFound' | 'signIn',
  stylesheet: string,
): string {
  const t = apmTexts(lang);
  return page(
    lang,
    t.title[method],
    `<p class="note">${escapeHtml(t.note)}</p>
<p role="alert">${escapeHtml(t[problem])}</p>`,
    stylesheet,
  );
}
