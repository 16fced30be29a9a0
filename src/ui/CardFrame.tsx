import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { CheckoutFrameActor } from '../../machines/checkout-frame.machine';
import { frameEventOf } from '../../machines/checkout-frame.machine';
import { readFrameMessage } from '../../machines/checkout-frame.rules';
import { Button } from './Button';

export interface CardFrameProps {
  frame: CheckoutFrameActor;
  method: string;
  culture: string;
  /** The frame's title for screen readers, the notice when it does not load, and its retry. */
  texts: { title: string; unavailable: string; retry: string };
  /** Set when the frame pays an add-on to this order (the upsell's other card), not a checkout's plan. */
  orderId?: number;
  /** True where the page itself shows the payment's progress and its failure: the frame then leaves them out, so each is said once. */
  noticesOnPage?: boolean;
}

/**
 * The payment provider's card frame, embedded (checkout, and an add-on's other card). Every message from it passes the origin,
 * window and schema checks before the frame machine hears of it; the frame's height follows
 * what it reports, within bounds.
 */
export function CardFrame({ frame, method, culture, texts, orderId, noticesOnPage = false }: CardFrameProps) {
  const element = useRef<HTMLIFrameElement>(null);
  const { sessionGuid, skuId, frameOrigin } = useSelector(
    frame,
    (s) => s.context,
    (a, b) => a.sessionGuid === b.sessionGuid && a.frameOrigin === b.frameOrigin,
  );
  const height = useSelector(frame, (s) => s.context.height);
  const mountCount = useSelector(frame, (s) => s.context.mountCount);
  const unavailable = useSelector(frame, (s) => s.matches('unavailable'));

  useEffect(() => {
    // The frame machine reaches the frame through this handle only: messages go to the frame's own origin.
    frame.send({
      type: 'frame.attached',
      handle: {
        post: (type, payload) => element.current?.contentWindow?.postMessage({ type, payload }, frameOrigin),
        scrollIntoView: () =>
          element.current?.scrollIntoView({
            block: 'center',
            behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
          }),
      },
    });
    const onMessage = (event: MessageEvent) => {
      const message = readFrameMessage(
        {
          origin: event.origin,
          fromFrameWindow: event.source !== null && event.source === element.current?.contentWindow,
          data: event.data,
        },
        frameOrigin,
      );
      if (message) frame.send(frameEventOf(message));
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      frame.send({ type: 'frame.detached' });
    };
  }, [frame, frameOrigin, mountCount]);

  // The frame is opened for the plan of this checkout session; later plan changes go by message.
  const src = `${frameOrigin}/sandbox/card-frame?${new URLSearchParams({ skuId: String(skuId), sessionGuid, lang: culture, method, ...(orderId === undefined ? {} : { orderId: String(orderId) }), ...(noticesOnPage ? { notices: 'page' } : {}) }).toString()}`;
  return (
    <div className="card-frame">
      {unavailable ? (
        <div role="alert" className="notice notice--error" data-testid="frame-unavailable">
          <p>{texts.unavailable}</p>
          <Button variant="secondary" onPress={() => frame.send({ type: 'frame.reload' })}>
            {texts.retry}
          </Button>
        </div>
      ) : (
        <iframe
          key={`${sessionGuid}-${mountCount}`}
          ref={element}
          src={src}
          title={texts.title}
          className="card-frame__iframe"
          style={{ height }}
          data-testid="card-frame"
        />
      )}
    </div>
  );
}
