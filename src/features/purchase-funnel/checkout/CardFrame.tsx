import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutFrameActor } from '../../../../machines/checkout-frame.machine';
import { frameEventOf } from '../../../../machines/checkout-frame.machine';
import { readFrameMessage } from '../../../../machines/checkout-frame.rules';
import { Button } from '../../../ui/Button';

export interface CardFrameProps {
  frame: CheckoutFrameActor;
  method: string;
  culture: string;
}

/**
 * The payment provider's card frame, embedded. Every message from it passes the origin,
 * window and schema checks before the frame machine hears of it; the frame's height follows
 * what it reports, within bounds.
 */
export function CardFrame({ frame, method, culture }: CardFrameProps) {
  const { t } = useTranslation('funnel');
  const element = useRef<HTMLIFrameElement>(null);
  const { sessionGuid, skuId, frameOrigin } = useSelector(frame, (s) => s.context, (a, b) => a.sessionGuid === b.sessionGuid && a.frameOrigin === b.frameOrigin);
  const height = useSelector(frame, (s) => s.context.height);
  const mountCount = useSelector(frame, (s) => s.context.mountCount);
  const unavailable = useSelector(frame, (s) => s.matches('unavailable'));

  useEffect(() => {
    // The frame machine reaches the frame through this handle only: messages go to the frame's own origin.
    frame.send({
      type: 'frame.attached',
      handle: {
        post: (type, payload) => element.current?.contentWindow?.postMessage({ type, payload }, frameOrigin),
        scrollIntoView: () => element.current?.scrollIntoView({ block: 'center', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' }),
      },
    });
    const onMessage = (event: MessageEvent) => {
      const message = readFrameMessage({ origin: event.origin, fromFrameWindow: event.source !== null && event.source === element.current?.contentWindow, data: event.data }, frameOrigin);
      if (message) frame.send(frameEventOf(message));
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      frame.send({ type: 'frame.detached' });
    };
  }, [frame, frameOrigin, mountCount]);

  // The frame is opened for the plan of this checkout session; later plan changes go by message.
  const src = `${frameOrigin}/sandbox/card-frame?${new URLSearchParams({ skuId: String(skuId), sessionGuid, lang: culture, method }).toString()}`;
  return (
    <div className="card-frame">
      {unavailable ? (
        <div role="alert" className="notice notice--error" data-testid="frame-unavailable">
          <p>{t('checkout.frameUnavailable')}</p>
          <Button variant="secondary" onPress={() => frame.send({ type: 'frame.reload' })}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <iframe
          key={`${sessionGuid}-${mountCount}`}
          ref={element}
          src={src}
          title={t('checkout.frameTitle')}
          className="card-frame__iframe"
          style={{ height }}
          data-testid="card-frame"
        />
      )}
    </div>
  );
}
