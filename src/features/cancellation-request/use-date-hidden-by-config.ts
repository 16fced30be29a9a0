import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { useServices } from '../../app/services';
import { visitorContextOf } from '../../app/visitor-context';
import { resolveConfigBlock } from '../../domain/eligibility';

/**
 * Whether remote configuration hides the termination date for this visitor's market; null
 * while loading. If the configuration cannot be read the date stays visible: hiding an
 * optional field is never worth blocking a cancellation.
 */
export function useDateHiddenByConfig(): boolean | null {
  const { api, startup } = useServices();
  const { i18n } = useTranslation();
  const claims = useSelector(startup, (s) => s.context.claims);
  const [hidden, setHidden] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    api.config
      .features('Cancellation')
      .then((answer) => {
        const feature = answer.Features.find((f) => f.FeatureCD === 'terminationDate');
        // Without a terminationDate block nothing hides the field; with one, its rule decides.
        const visitor = visitorContextOf({ claims, language: i18n.language, location: window.location, cookieHeader: document.cookie, viewportWidth: window.innerWidth });
        const shown = !feature || resolveConfigBlock(feature.Config, feature.Rule, visitor).shown;
        // The form that follows is drawn in an interruptible pass: the page keeps answering meanwhile.
        if (current) startTransition(() => setHidden(!shown));
      })
      .catch(() => current && startTransition(() => setHidden(false)));
    return () => {
      current = false;
    };
  }, [api, claims, i18n.language]);
  return hidden;
}
