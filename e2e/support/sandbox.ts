/** The payment sandbox card frame (server/sandbox), mounted the way a checkout page mounts it. */
import { randomUUID } from 'node:crypto';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { Sku } from '../../src/api/schemas';

/** DESIGN.md §3 test cards, typed as a person would type them. */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Succeeds after about six seconds: exercises the delayed-processing notice. */
  slowSuccess: '4000 0000 0000 3220',
  /** Fails the Luhn check: the frame rejects it before sending anything. */
  invalid: '4242 4242 4242 4241',
} as const;

/** MM/YY, `years` years from now: always a valid expiry. */
export function futureExpiry(years = 3, now = new Date()): string {
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + years) % 100).padStart(2, '0')}`;
}

/** The annual plan among the SKUs GET /api/skus offers a person. */
export function annualPlan(skus: Sku[]): Sku {
  const sku = skus.find((s) => s.PlanTier === 'annualAccess');
  if (!sku)
    throw new Error(
      `no annual plan (PlanTier annualAccess) among SKUs ${skus.map((s) => `${s.SkuID}:${s.PlanTier}`).join(', ')}`,
    );
  return sku;
}

export interface SandboxFrameOptions {
  skuId: number;
  /** One checkout: the server charges a session guid at most once. A fresh one by default. */
  sessionGuid?: string;
  lang?: string;
  /** CRCD (card fields) by default; PYPL or DUPI show one button that leads to the approval page. */
  method?: 'CRCD' | 'PYPL' | 'DUPI';
}

function sandboxFramePath(options: SandboxFrameOptions & { sessionGuid: string }): string {
  const query = new URLSearchParams({
    skuId: String(options.skuId),
    sessionGuid: options.sessionGuid,
    lang: options.lang ?? 'en-US',
    ...(options.method ? { method: options.method } : {}),
  });
  return `/sandbox/card-frame?${query}`;
}

export interface SandboxFrame {
  sessionGuid: string;
  /** The <iframe> element in the page. */
  element: Locator;
  frame: FrameLocator;
  number: Locator;
  expiry: Locator;
  cvc: Locator;
  pay: Locator;
  /** The polite live region: "Processing…", "Payment received.", the decline text. */
  status: Locator;
  numberError: Locator;
  expiryError: Locator;
  cvcError: Locator;
}

/**
 * Appends an iframe with the sandbox card frame to the current page (which must be on the
 * app's origin, e.g. /dashboard) and waits for it to load. Start `collectMessages(page)` first
 * to see PAGE-LOADED.
 */
export async function mountSandboxFrame(page: Page, options: SandboxFrameOptions): Promise<SandboxFrame> {
  const sessionGuid = options.sessionGuid ?? randomUUID();
  const src = sandboxFramePath({ ...options, sessionGuid });
  const id = `sandbox-frame-${sessionGuid.slice(0, 8)}`;
  await page.evaluate(
    ({ id, src }) =>
      new Promise<void>((resolve, reject) => {
        const iframe = document.createElement('iframe');
        iframe.id = id;
        iframe.title = 'Card details';
        iframe.src = src;
        iframe.style.cssText = 'display:block;width:100%;max-width:480px;height:420px;border:0';
        iframe.addEventListener('load', () => resolve(), { once: true });
        iframe.addEventListener('error', () => reject(new Error(`iframe ${src} failed to load`)), { once: true });
        (document.querySelector('main') ?? document.body).append(iframe);
      }),
    { id, src },
  );
  const element = page.locator(`#${id}`);
  const frame = element.contentFrame();
  return {
    sessionGuid,
    element,
    frame,
    number: frame.locator('#card-number'),
    expiry: frame.locator('#card-expiry'),
    cvc: frame.locator('#card-cvc'),
    pay: frame.locator('#pay'),
    status: frame.locator('#status'),
    numberError: frame.locator('#card-number-error'),
    expiryError: frame.locator('#card-expiry-error'),
    cvcError: frame.locator('#card-cvc-error'),
  };
}

/** Types the card fields in order (a future expiry and CVC 123 unless given). */
export async function fillCard(
  sandbox: SandboxFrame,
  card: { number: string; expiry?: string; cvc?: string },
): Promise<void> {
  await sandbox.number.fill(card.number);
  await sandbox.expiry.fill(card.expiry ?? futureExpiry());
  await sandbox.cvc.fill(card.cvc ?? '123');
}

/** Fills checkout's card frame with a card, a future expiry and a CVC, and returns the frame: the caller presses pay. */
export async function fillCheckoutCard(page: Page, number: string): Promise<FrameLocator> {
  const frame = page.getByTestId('card-frame').contentFrame();
  await frame.locator('#card-number').fill(number);
  await frame.locator('#card-expiry').fill(futureExpiry());
  await frame.locator('#card-cvc').fill('123');
  return frame;
}
