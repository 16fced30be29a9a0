import { cardTypeOf, cvcIsValid, digitsOf, expiryIsValid, outcomeOf, passesLuhn } from './test-cards.js';

const body = document.body;
const parentOrigin = body.dataset.parentOrigin;
const apiBase = body.dataset.apiBase;
let skuId = Number(body.dataset.skuId);
const sessionGuid = body.dataset.sessionGuid;
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

function resize() {
  post('RESIZE-IFRAME', { height: Math.ceil(document.documentElement.scrollHeight) });
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

async function pay(digits) {
  const claimsResponse = await fetch(`${apiBase}/users/claims`, { credentials: 'same-origin' });
  const claims = await claimsResponse.json();
  if (claims.Role !== 'user') throw Object.assign(new Error('not signed in'), { code: 'not_signed_in' });
  const outcome = outcomeOf(digits);
  if (outcome.delayMs) await wait(outcome.delayMs);
  const response = await fetch(`${apiBase}/payments`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      user_uid: claims.UserUID,
      sku_id: skuId,
      session_guid: sessionGuid,
      fail_payment: outcome.outcome !== 'success',
      payment_method: 'CRCD',
      card_type: cardTypeOf(digits) ?? 'VISA',
      last_four_digits: digits.slice(-4),
    }),
  });
  const result = await response.json();
  if (!response.ok) throw Object.assign(new Error(result.error?.message ?? 'payment failed'), { code: result.error?.code ?? 'server_error' });
  return result;
}

let inFlight = false;

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (inFlight) return;
  const digits = validate();
  if (!digits) return;
  inFlight = true;
  payButton.disabled = true;
  statusLine.textContent = texts.processing;
  post('SHOW-LOADER', { reason: 'payment' });
  try {
    const result = await pay(digits);
    if (result.PaymentStatus === 'SUCC') {
      statusLine.textContent = texts.succeeded;
      post('PAYMENT-SUCCESS', {
        transactionId: result.TransactionID,
        subscriptionId: result.SubscriptionID,
        skuId: result.SkuID,
        amount: result.Amount,
        currency: result.CurrencyCD,
        replayed: result.Replayed,
        paymentMethod: 'CRCD',
        cardType: cardTypeOf(digits),
      });
    } else {
      statusLine.textContent = result.PaymentStatus === 'EXIST' ? texts.alreadySubscribed : texts.declined;
      post('PAYMENT-FAILURE', { code: result.FailureCode ?? 'card_declined', status: result.PaymentStatus });
    }
  } catch (error) {
    statusLine.textContent = texts.failed;
    post('PAYMENT-FAILURE', { code: error.code ?? 'network_error' });
  } finally {
    inFlight = false;
    payButton.disabled = false;
    post('HIDE-LOADER', {});
    resize();
  }
});

for (const [name, input] of Object.entries(fields)) {
  input.addEventListener('blur', () => {
    if (input.value) validateField(name);
  });
}

window.addEventListener('message', (event) => {
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const data = event.data;
  if (!data || typeof data !== 'object' || data.type !== 'SKU-UPDATED') return;
  const next = Number(data.payload?.skuId);
  if (!Number.isInteger(next) || next <= 0) return;
  skuId = next;
  // The checkout learns which plan the frame will now charge.
  post('SKU-UPDATED', { skuId });
});

/** Once, when the pay button first comes into the visitor's view (the checkout reports it). */
function reportPayButtonSeen() {
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= 0.5)) return;
    observer.disconnect();
    post('ELEMENT-IN-VIEW', { element: 'pay' });
  }, { threshold: [0.5, 1] });
  observer.observe(payButton);
}

new ResizeObserver(resize).observe(document.documentElement);
post('PAGE-LOADED', { skuId, sessionGuid });
resize();
reportPayButtonSeen();
