import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkoutFrameMachine, frameEventOf } from '../../machines/checkout-frame.machine';
import {
  FRAME_MESSAGE_TYPES,
  frameHeight,
  isSafeApmRedirect,
  readFrameMessage,
} from '../../machines/checkout-frame.rules';

const ORIGIN = 'http://127.0.0.1:8080';
const SESSION = '0b6f3c52-7a0e-4d55-9a43-5f2a4c1d9e10';
const envelope = (type: string, payload: unknown = {}) => ({ source: 'payment-sandbox', type, payload });
const received = (data: unknown, overrides: Partial<{ origin: string; fromFrameWindow: boolean }> = {}) => ({
  origin: ORIGIN,
  fromFrameWindow: true,
  data,
  ...overrides,
});
const success = {
  transactionId: 7,
  subscriptionId: 3,
  skuId: 103,
  amount: 39.95,
  currency: 'USD',
  replayed: false,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
};

describe('frame messages are origin-checked and schema-validated', () => {
  it.each([
    ['PAGE-LOADED', { skuId: 102, sessionGuid: SESSION }],
    ['RESIZE-IFRAME', { height: 480 }],
    ['SHOW-LOADER', { reason: 'payment' }],
    ['HIDE-LOADER', {}],
    ['SKU-UPDATED', { skuId: 103 }],
    ['PAYMENT-SUCCESS', success],
    ['PAYMENT-FAILURE', { code: 'card_declined', status: 'FAIL' }],
    ['ELEMENT-IN-VIEW', { element: 'pay' }],
    ['SCROLL-TO-FRAME', {}],
    ['REDIRECT-APM-URL', { url: '/sandbox/apm?transactionId=9' }],
    ['continue-CTA-click', { method: 'PYPL' }],
  ])('%s with a well-formed body is read', (type, payload) => {
    expect(readFrameMessage(received(envelope(type, payload)), ORIGIN)).toEqual({ type, payload });
  });

  it('knows all eleven message types of the protocol', () => {
    expect(FRAME_MESSAGE_TYPES).toHaveLength(11);
  });

  it.each([
    ['another origin', received(envelope('PAYMENT-SUCCESS', success), { origin: 'https://evil.example' })],
    ['the right origin but another window', received(envelope('PAYMENT-SUCCESS', success), { fromFrameWindow: false })],
    ['a message without the sandbox source', received({ type: 'PAYMENT-SUCCESS', payload: success })],
    ['an unknown type', received(envelope('PAYMENT-MAYBE', {}))],
    ['a string body', received('PAYMENT-SUCCESS')],
    ['null', received(null)],
    [
      'a success without a transaction id',
      received(envelope('PAYMENT-SUCCESS', { ...success, transactionId: undefined })),
    ],
    ['a success with a negative amount', received(envelope('PAYMENT-SUCCESS', { ...success, amount: -1 }))],
    ['a resize to infinity', received(envelope('RESIZE-IFRAME', { height: Number.POSITIVE_INFINITY }))],
    ['a sku id that is text', received(envelope('SKU-UPDATED', { skuId: '103' }))],
  ])('%s is ignored', (_, message) => {
    expect(readFrameMessage(message, ORIGIN)).toBeNull();
  });

  it.each([
    ['/sandbox/apm?x=1', true],
    [`${ORIGIN}/sandbox/apm`, true],
    ['https://evil.example/apm', false],
    ['//evil.example/apm', false],
    ['javascript:alert(1)', false],
  ])('an APM redirect to %s is safe: %s', (url, safe) => {
    expect(isSafeApmRedirect(url, ORIGIN)).toBe(safe);
  });

  it.each([
    [0, 160],
    [480.2, 481],
    [99_999, 1600],
  ])('a reported height of %s is followed as %s px', (reported, height) => {
    expect(frameHeight(reported)).toBe(height);
  });
});

describe('checkout frame machine', () => {
  const start = () => {
    const posted: number[] = [];
    const actor = createActor(
      checkoutFrameMachine.provide({ actions: { postSkuToFrame: (_, params) => void posted.push(params.skuId) } }),
      { input: { sessionGuid: SESSION, skuId: 102, frameOrigin: ORIGIN } },
    ).start();
    return { actor, posted };
  };
  const send = (actor: ReturnType<typeof start>['actor'], type: string, payload: unknown = {}) => {
    const message = readFrameMessage(received(envelope(type, payload)), ORIGIN);
    if (message) actor.send(frameEventOf(message));
  };

  it('talks to the frame only through the handle the page attached, and to no frame once it is gone', () => {
    const calls: string[] = [];
    const actor = createActor(
      checkoutFrameMachine.provide({
        actions: {
          postSkuToFrame: (_, params) => params.handle?.post('SKU-UPDATED', { skuId: params.skuId }),
          scrollToFrame: (_, params) => params.handle?.scrollIntoView(),
        },
      }),
      { input: { sessionGuid: SESSION, skuId: 102, frameOrigin: ORIGIN } },
    ).start();
    const handle = {
      post: (type: string, payload: Record<string, unknown>) => void calls.push(`${type} ${JSON.stringify(payload)}`),
      scrollIntoView: () => void calls.push('scroll'),
    };
    send(actor, 'PAGE-LOADED', { skuId: 102, sessionGuid: SESSION });
    actor.send({ type: 'plan.changed', skuId: 103 });
    expect(calls, 'nothing is attached yet').toEqual([]);
    actor.send({ type: 'frame.attached', handle });
    actor.send({ type: 'plan.changed', skuId: 104 });
    send(actor, 'SCROLL-TO-FRAME');
    expect(calls).toEqual(['SKU-UPDATED {"skuId":104}', 'scroll']);
    actor.send({ type: 'frame.detached' });
    send(actor, 'SCROLL-TO-FRAME');
    expect(calls).toHaveLength(2);
  });

  it('waits for the frame of its own checkout session', () => {
    const { actor } = start();
    send(actor, 'PAGE-LOADED', { skuId: 102, sessionGuid: 'another-session' });
    expect(actor.getSnapshot().value).toBe('loading');
    send(actor, 'PAGE-LOADED', { skuId: 102, sessionGuid: SESSION });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.frameSkuId).toBe(102);
  });

  it('a decline returns to ready with the failure; a retry that succeeds ends with the payment', () => {
    const { actor } = start();
    send(actor, 'PAGE-LOADED', { skuId: 102, sessionGuid: SESSION });
    send(actor, 'SHOW-LOADER');
    expect(actor.getSnapshot().value).toBe('paying');
    send(actor, 'PAYMENT-FAILURE', { code: 'card_declined', status: 'FAIL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'card_declined', status: 'FAIL' });
    send(actor, 'SHOW-LOADER');
    expect(actor.getSnapshot().context.failure).toBeNull();
    send(actor, 'PAYMENT-SUCCESS', success);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ kind: 'paid', payment: success });
  });

  it('a plan change is passed on to the frame, and the frame confirms it', () => {
    const { actor, posted } = start();
    send(actor, 'PAGE-LOADED', { skuId: 102, sessionGuid: SESSION });
    actor.send({ type: 'plan.changed', skuId: 103 });
    expect(posted).toEqual([103]);
    send(actor, 'SKU-UPDATED', { skuId: 103 });
    expect(actor.getSnapshot().context.frameSkuId).toBe(103);
  });

  it('follows only redirects to its own origin', () => {
    const { actor } = start();
    send(actor, 'PAGE-LOADED', { skuId: 102, sessionGuid: SESSION });
    send(actor, 'REDIRECT-APM-URL', { url: 'https://evil.example/pay' });
    expect(actor.getSnapshot().value).toBe('ready');
    send(actor, 'REDIRECT-APM-URL', { url: '/sandbox/apm?transactionId=9' });
    expect(actor.getSnapshot().output).toEqual({ kind: 'redirect', url: `${ORIGIN}/sandbox/apm?transactionId=9` });
  });
});
