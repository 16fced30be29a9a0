import { cardTypeOf, cvcIsValid, digitsOf, expiryIsValid, outcomeOf, passesLuhn } from './test-cards.js';

const body = document.body;
const parentOrigin = body.dataset.parentOrigin;
const apiBase = body.dataset.apiBase;
const sandboxBase = body.dataset.sandboxBase;
let skuId = Number(body.dataset.skuId);
const sessionGuid = body.dataset.sessionGuid;
const lang = body.dataset.lang;
/** CRCD: card fields; PYPL or DUPI: one button that hands over to the payment method's page. */
const method = body.dataset.method;
/** Set when the frame pays an add-on to this order with another card: the add-on endpoint, not a plan's checkout. */
const orderId = body.dataset.orderId ? Number(body.dataset.orderId) : null;
/** pay: the frame charges the checkout's plan; update: it checks a card and hands it to the page to keep on file. */
const mode = body.dataset.mode;
/** page: the embedding page shows the payment's progress and outcome, so the frame's status line stays empty (hidden by its style sheet). */
const pageShowsNotices = body.dataset.notices === 'page';
const texts = JSON.parse(document.getElementById('texts').textContent);

const form = document.getElementById('card-form');
const payButton = document.getElementById('pay');
const statusLine = document.getElementById('status');
const fields = {
  number: document.getElementById('card-number'),
  expiry: document.getElementById('card-expiry'),
  cvc: document.getElementById('card-cvc'),
};

/** Every message names this app's origin explicitly: never '*'. */
function post(type, payload = {}) {
  window.parent.postMessage({ source: 'payment-sandbox', type, payload }, parentOrigin);
}

/** The content's own height: the document's would never be less than the frame it sits in, so the frame could grow but never shrink. */
function contentHeight() {
  const style = getComputedStyle(document.body);
  return Math.ceil(document.body.scrollHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
}

/** The frame's status line, unless the page says the same thing itself. */
function say(text) {
  if (!pageShowsNotices) statusLine.textContent = text;
}

function resize() {
  post('RESIZE-IFRAME', { height: contentHeight() });
}

function showError(input, message) {
  const error = document.getElementById(`${input.id}-error`);
  error.textContent = message ?? '';
  error.hidden = !message;
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
}

function problemOf(name) {
  if (name === 'number') return passesLuhn(digitsOf(fields.number.value)) ? null : texts.errorNumber;
  if (name === 'expiry') return expiryIsValid(fields.expiry.value, new Date()) ? null : texts.errorExpiry;
  return cvcIsValid(fields.cvc.value) ? null : texts.errorCvc;
}

/** Leaving a field checks that field only, and never moves focus: no keyboard trap, no jumping layout. */
function validateField(name) {
  showError(fields[name], problemOf(name));
  resize();
}

/** On submit every field is checked and focus goes to the first one that needs fixing. */
function validate() {
  const problems = Object.fromEntries(Object.keys(fields).map((name) => [name, problemOf(name)]));
  for (const [name, message] of Object.entries(problems)) showError(fields[name], message);
  const first = Object.keys(problems).find((name) => problems[name]);
  if (first) {
    fields[first].focus();
    // The checkout scrolls the frame into view, so the person sees what to fix.
    post('SCROLL-TO-FRAME', {});
  }
  resize();
  return first ? null : digitsOf(fields.number.value);
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedInUser() {
  const claimsResponse = await fetch(`${apiBase}/users/claims`, { credentials: 'same-origin' });
  const claims = await claimsResponse.json();
  if (claims.Role !== 'user') throw Object.assign(new Error('not signed in'), { code: 'not_signed_in' });
  return claims;
}

async function createPayment(details) {
  const claims = await signedInUser();
  const addOn = orderId !== null && details.payment_method === 'CRCD';
  const payload = addOn
    ? {
        user_uid: claims.UserUID,
        order_id: orderId,
        sku_id: skuId,
        session_guid: sessionGuid,
        fail_payment: details.fail_payment,
        card: { card_type: details.card_type, last_four_digits: details.last_four_digits },
      }
    : { user_uid: claims.UserUID, sku_id: skuId, session_guid: sessionGuid, ...details };
  const response = await fetch(`${apiBase}/payments${addOn ? '/addon' : ''}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const result = await response.json();
  if (!response.ok)
    throw Object.assign(new Error(result.error?.message ?? 'payment failed'), {
      code: result.error?.code ?? 'server_error',
    });
  return result;
}

async function payByCard(digits) {
  const outcome = outcomeOf(digits);
  if (outcome.delayMs) await wait(outcome.delayMs);
  return createPayment({
    fail_payment: outcome.outcome !== 'success',
    payment_method: 'CRCD',
    card_type: cardTypeOf(digits) ?? 'VISA',
    last_four_digits: digits.slice(-4),
  });
}

/** Where the person approves or cancels a pending payment: the sandbox's stand-in for PayPal or UPI. */
function approvalPageOf(result) {
  const url = new URL(`${sandboxBase}/apm`, window.location.origin);
  url.search = new URLSearchParams({
    transactionId: String(result.TransactionID),
    skuId: String(result.SkuID),
    method,
    lang,
  }).toString();
  return url.href;
}

function reportResult(result, cardType) {
  if (result.PaymentStatus === 'SUCC') {
    say(texts.succeeded);
    post('PAYMENT-SUCCESS', {
      transactionId: result.TransactionID,
      subscriptionId: result.SubscriptionID ?? null,
      skuId: result.SkuID,
      amount: result.Amount,
      currency: result.CurrencyCD,
      replayed: result.Replayed,
      paymentMethod: method,
      cardType,
    });
  } else {
    say(result.PaymentStatus === 'EXIST' ? texts.alreadySubscribed : texts.declined);
    post('PAYMENT-FAILURE', { code: result.FailureCode ?? 'card_declined', status: result.PaymentStatus });
  }
}

let inFlight = false;

async function submitCard() {
  const digits = validate();
  if (!digits) return;
  inFlight = true;
  payButton.disabled = true;
  say(texts.processing);
  post('SHOW-LOADER', { reason: 'payment' });
  try {
    reportResult(await payByCard(digits), cardTypeOf(digits));
  } catch (error) {
    say(texts.failed);
    post('PAYMENT-FAILURE', { code: error.code ?? 'network_error' });
  } finally {
    inFlight = false;
    payButton.disabled = false;
    post('HIDE-LOADER', {});
    resize();
  }
}

/**
 * An alternative method: the payment is created pending, and the checkout sends the whole page
 * to the method's approval page. The loader stays up while the page leaves. Pressing again
 * replays the same checkout, so it never creates a second payment.
 */
async function continueWithMethod() {
  post('continue-CTA-click', { method });
  inFlight = true;
  payButton.disabled = true;
  say(texts.redirecting);
  post('SHOW-LOADER', { reason: 'apm' });
  let leaving = false;
  try {
    const result = await createPayment({ payment_method: method, defer_completion: true });
    if (result.PaymentStatus === 'SUCC' && result.TransactionStatus === 'PEND') {
      leaving = true;
      post('REDIRECT-APM-URL', { url: approvalPageOf(result) });
    } else {
      // A checkout already approved replays as paid; an existing plan is refused.
      reportResult(result, null);
    }
  } catch (error) {
    say(texts.failed);
    post('PAYMENT-FAILURE', { code: error.code ?? 'network_error' });
  } finally {
    inFlight = false;
    payButton.disabled = false;
    if (!leaving) post('HIDE-LOADER', {});
    resize();
  }
}

/**
 * Update mode: the card is checked as the provider would check it (the test card's rule), and
 * what the page may keep (brand, last four, the verdict) goes to the page, which stores it through
 * its own API call. Nothing is charged here. The button stays usable: the page decides what a
 * second press means (its machine ignores one while a save is under way).
 */
async function handOverCard() {
  const digits = validate();
  if (!digits) return;
  const outcome = outcomeOf(digits);
  say('');
  if (outcome.delayMs) {
    inFlight = true;
    payButton.disabled = true;
    post('SHOW-LOADER', { reason: 'card-check' });
    await wait(outcome.delayMs);
    inFlight = false;
    payButton.disabled = false;
    post('HIDE-LOADER', {});
  }
  post('CARD-READY', {
    cardType: cardTypeOf(digits) ?? 'VISA',
    lastFour: digits.slice(-4),
    outcome: outcome.outcome === 'success' ? 'approved' : 'declined',
  });
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (inFlight) return;
  if (mode === 'update') void handOverCard();
  else if (method === 'CRCD') void submitCard();
  else void continueWithMethod();
});

if (method === 'CRCD') {
  for (const [name, input] of Object.entries(fields)) {
    input.addEventListener('blur', () => {
      if (input.value) validateField(name);
    });
  }
}

window.addEventListener('message', (event) => {
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const data = event.data;
  if (!data || typeof data !== 'object' || data.type !== 'SKU-UPDATED') return;
  // A plan id is a positive whole number as sent, not something that merely converts to one (true, [104], 1e308).
  const next = data.payload?.skuId;
  if (!Number.isSafeInteger(next) || next <= 0) return;
  skuId = next;
  // The checkout learns which plan the frame will now charge.
  post('SKU-UPDATED', { skuId });
});

/** Once, when the pay button first comes into the visitor's view (the checkout reports it). */
function reportPayButtonSeen() {
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= 0.5)) return;
      observer.disconnect();
      post('ELEMENT-IN-VIEW', { element: 'pay' });
    },
    { threshold: [0.5, 1] },
  );
  observer.observe(payButton);
}

new ResizeObserver(resize).observe(document.body);
payButton.disabled = false;
post('PAGE-LOADED', { skuId, sessionGuid });
resize();
reportPayButtonSeen();
