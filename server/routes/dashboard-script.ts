import { EMPTY_GUID } from '../../src/api/schemas/common';
import {
  PAGE_NOTICE_KEY,
  PROMO_AD_CLICKED_EVENT,
  PROMO_AD_STORAGE_KEY,
  PROMO_AD_VIEWED_EVENT,
  secondsSpent,
} from '../../src/api/schemas/dashboard';
import { secondsLeft } from '../../src/api/schemas/documents';

/**
 * The dashboard side's script (the dashboard and the builder's edit pages): sign out, document
 * download, print and e-mail, the auto-download wait the server decided, and the promo ad's
 * local record and events. Texts come localized from the markup's data attributes; the rules
 * come from the server (the wait) or from the shared rule itself (seconds spent).
 */
export const DASHBOARD_SCRIPT = `(() => {
const base = document.currentScript.dataset.apiBase;
const secondsSpent = ${secondsSpent.toString()};
const post = (path, body) => fetch(base + path, { method: 'POST', credentials: 'same-origin', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
// The notice the app left for the next page (an add-on paid on the upsells' last offer): shown once.
const notice = document.getElementById('page-notice');
if (notice) {
  try {
    const text = sessionStorage.getItem(${JSON.stringify(PAGE_NOTICE_KEY)});
    sessionStorage.removeItem(${JSON.stringify(PAGE_NOTICE_KEY)});
    if (text && text.trim()) { notice.textContent = text; notice.hidden = false; }
  } catch { /* storage off: nothing was left */ }
}
document.getElementById('sign-out')?.addEventListener('click', async () => { await fetch(base + '/demo/session', { method: 'DELETE', credentials: 'same-origin' }); location.reload(); });

// Print: the print window shows the PDF.
for (const button of document.querySelectorAll('[data-print-url]')) {
  button.addEventListener('click', () => {
    const opened = window.open(button.dataset.printUrl, '_blank');
    const status = document.getElementById(button.dataset.status);
    if (status) status.textContent = opened ? '' : button.dataset.blockedText;
  });
}

// E-mail: one request id per document and page, so a double click or a retry sends once.
for (const button of document.querySelectorAll('[data-email-document]')) {
  const requestId = crypto.randomUUID();
  button.addEventListener('click', async () => {
    const status = document.getElementById(button.dataset.status);
    button.disabled = true;
    status.textContent = button.dataset.sendingText;
    try {
      const response = await post('/documents/email', { RequestID: requestId, DocumentId: button.dataset.emailDocument, DocType: button.dataset.docType, UserGuid: button.dataset.user, PortalId: Number(button.dataset.portal) });
      status.textContent = response.ok ? button.dataset.sentText : button.dataset.failedText;
    } catch {
      status.textContent = button.dataset.failedText;
    }
    button.disabled = false;
  });
}

// Auto-download: after the wait the server worked out, in a hidden frame. While it waits the
// countdown is announced each second; "download now" starts it at once, "cancel" stops it.
const auto = document.querySelector('[data-autodownload-url]');
if (auto) {
  const secondsLeft = ${secondsLeft.toString()};
  const delay = Number(auto.dataset.autodownloadDelay) || 0;
  const countdown = JSON.parse(auto.dataset.countdownTexts || '[]');
  const status = auto.querySelector('[data-autodownload-status]');
  const controls = auto.querySelector('[data-autodownload-controls]');
  const link = auto.querySelector('[data-autodownload-link]');
  const startedAt = Date.now();
  let timer = null;
  let ticker = null;
  let settled = false;
  const settle = (text) => {
    settled = true;
    clearTimeout(timer);
    clearInterval(ticker);
    const hadFocus = controls && controls.contains(document.activeElement);
    if (controls) controls.hidden = true;
    status.textContent = text;
    // The buttons go away: focus moves on to the link that stays.
    if (hadFocus) link.focus();
  };
  const start = () => {
    if (settled) return;
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = auto.dataset.frameTitle;
    frame.src = auto.dataset.autodownloadUrl;
    document.body.append(frame);
    settle(auto.dataset.startedText);
  };
  if (delay <= 0) start();
  else {
    timer = setTimeout(start, delay);
    ticker = setInterval(() => {
      const left = secondsLeft(delay, Date.now() - startedAt);
      if (!settled && left > 0 && countdown[left]) status.textContent = countdown[left];
    }, 1000);
    auto.querySelector('[data-autodownload-now]')?.addEventListener('click', start);
    auto.querySelector('[data-autodownload-cancel]')?.addEventListener('click', () => settled || settle(auto.dataset.cancelledText));
  }
}

// Promo ad: viewed once it is on screen, clicked before the page moves on; both with seconds spent.
const promo = document.querySelector('[data-promo-type]');
if (promo) {
  const type = promo.dataset.promoType;
  const user = promo.dataset.user || ${JSON.stringify(EMPTY_GUID)};
  const loadedAt = Date.now();
  const consented = () => {
    try { return JSON.parse(localStorage.getItem('COOKIE_CONSENT') || '{}')?.consent?.analytics !== false; } catch { return true; }
  };
  const record = (name, seconds) => consented() ? post('/events', { user_id: user, event_name: name, props: { widget_type: type, seconds_spent: seconds } }).catch(() => undefined) : Promise.resolve();
  let viewedAt = null;
  const viewed = () => {
    if (viewedAt !== null) return;
    viewedAt = Date.now();
    try { localStorage.setItem(${JSON.stringify(PROMO_AD_STORAGE_KEY)}, JSON.stringify({ type, viewedAt })); } catch { /* storage full or off */ }
    void record(${JSON.stringify(PROMO_AD_VIEWED_EVENT)}, secondsSpent(loadedAt, viewedAt));
  };
  new IntersectionObserver((entries, observer) => {
    if (entries.some((e) => e.isIntersecting)) { viewed(); observer.disconnect(); }
  }, { threshold: 0.5 }).observe(promo);
  const cta = promo.querySelector('[data-promo-cta]');
  cta.addEventListener('click', async (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1) return;
    event.preventDefault();
    viewed();
    await Promise.race([record(${JSON.stringify(PROMO_AD_CLICKED_EVENT)}, secondsSpent(viewedAt, Date.now())), new Promise((resolve) => setTimeout(resolve, 1500))]);
    location.assign(cta.href);
  });
}
})();`;
