import { useEffect, useRef } from 'react';

/** A message as received from the window, before it is checked: where it came from and what it says. */
export interface ReceivedFrameMessage {
  origin: string;
  /** True when the message came from this frame's own window. */
  fromFrameWindow: boolean;
  data: unknown;
}

export interface SandboxFrameProps<M> {
  src: string;
  title: string;
  height: number;
  /** Checks a received message (origin, window, body); only what it returns reaches `onMessage`. */
  read: (message: ReceivedFrameMessage) => M | null;
  onMessage: (message: M) => void;
  testId?: string;
}

/**
 * The payment provider's frame embedded in a page. Every message passes the page's own check
 * (origin, window and schema) before the page hears of it; anything else is dropped.
 */
export function SandboxFrame<M>({ src, title, height, read, onMessage, testId }: SandboxFrameProps<M>) {
  const element = useRef<HTMLIFrameElement>(null);
  const handler = useRef(onMessage);
  const reader = useRef(read);
  useEffect(() => {
    handler.current = onMessage;
    reader.current = read;
  });
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const message = reader.current({
        origin: event.origin,
        fromFrameWindow: event.source !== null && event.source === element.current?.contentWindow,
        data: event.data,
      });
      if (message) handler.current(message);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  return (
    <iframe
      ref={element}
      src={src}
      title={title}
      className="card-frame__iframe"
      style={{ height }}
      data-testid={testId}
    />
  );
}
