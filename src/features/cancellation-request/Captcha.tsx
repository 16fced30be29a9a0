import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondPass } from '../../ui/use-second-pass';

// Workers come from our own origin, so the strict Content-Security-Policy holds.
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
  $altcha.algorithms.set(name, () => new Pbkdf2Worker());
for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) $altcha.algorithms.set(name, () => new ShaWorker());

const CAPTCHA_ERROR_ID = 'captcha-error';

export interface CaptchaProps {
  challengeUrl: string;
  onSolved: (payload: string) => void;
  onFailed: () => void;
  errorMessage: string | null;
}

/**
 * The self-hosted ALTCHA proof-of-work check: the browser does a little work, our server issued
 * the challenge and verifies the answer. No cookies, no third party, no puzzle to solve.
 */
export function Captcha({ challengeUrl, onSolved, onFailed, errorMessage }: CaptchaProps) {
  const { i18n } = useTranslation();
  const widget = useRef<HTMLElementTagNameMap['altcha-widget']>(null);
  // The widget's start (a Svelte component inside) is a long piece of work on a slow phone: it comes
  // in a drawing of its own, right after the form's, into the room the form keeps for it.
  const widgetShown = useSecondPass();
  const handlers = useRef({ onSolved, onFailed });
  handlers.current = { onSolved, onFailed };

  const language = i18n.language.toLowerCase();
  // The widget reads its texts when it starts, so the page's culture is registered before it renders.
  $altcha.i18n.set(language, {
    ...(i18n.getResourceBundle(i18n.language, 'common') as { captcha: Record<string, string> }).captcha,
  });

  // The error belongs to the widget's own checkbox, which the widget draws (and may draw again) itself.
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const tie = () => {
      const box = element.querySelector('input[type="checkbox"]');
      if (!box) return;
      if (errorMessage) {
        if (box.getAttribute('aria-describedby') !== CAPTCHA_ERROR_ID)
          box.setAttribute('aria-describedby', CAPTCHA_ERROR_ID);
        if (box.getAttribute('aria-invalid') !== 'true') box.setAttribute('aria-invalid', 'true');
      } else {
        box.removeAttribute('aria-describedby');
        box.removeAttribute('aria-invalid');
      }
    };
    tie();
    const redrawn = new MutationObserver(tie);
    redrawn.observe(element, { childList: true, subtree: true });
    return () => redrawn.disconnect();
  }, [widgetShown, errorMessage]);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      if (detail.state === 'verified' && detail.payload) handlers.current.onSolved(detail.payload);
      else if (detail.state === 'error' || detail.state === 'expired') handlers.current.onFailed();
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [widgetShown]);

  return (
    <div className={`captcha${errorMessage ? ' captcha--invalid' : ''}`} data-testid="captcha">
      {widgetShown ? (
        <altcha-widget
          ref={widget}
          challenge={challengeUrl}
          language={language}
          name="captcha"
          type="checkbox"
          auto="off"
          // No logo: the widget's mark reads as a reload button beside the box.
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true, minDuration: 300 })}
        />
      ) : null}
      {errorMessage ? (
        <p id={CAPTCHA_ERROR_ID} className="field__error" role="alert">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
