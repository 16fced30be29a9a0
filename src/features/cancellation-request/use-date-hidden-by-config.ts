import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_BY_CULTURE } from '../../app/portal';
import { useServices } from '../../app/services';
import { supportedCulture } from '../../i18n';
import { resolveConfigBlock } from '../../domain/eligibility';

const GUEST_VISITOR = { state: null, userType: null, device: null, flow: null, page: 'CancellationRequest', preferences: {}, lowIntent: {} };

/**
 * Whether remote configuration hides the termination date for this visitor's market; null
 * while loading. If the configuration cannot be read the date stays visible: hiding an
 * optional field is never worth blocking a cancellation.
 */
export function useDateHiddenByConfig(): boolean | null {
  const { api } = useServices();
  const { i18n } = useTranslation();
  const country = COUNTRY_BY_CULTURE[supportedCulture(i18n.language)];
  const [hidden, setHidden] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    api.config
      .features('Cancellation')
      .then((answer) => {
        const feature = answer.Features.find((f) => f.FeatureCD === 'terminationDate');
        // Without a terminationDate block nothing hides the field; with one, its rule decides.
        const shown = !feature || resolveConfigBlock(feature.Config, feature.Rule, { ...GUEST_VISITOR, country }).shown;
        // The form that follows is drawn in an interruptible pass: the page keeps answering meanwhile.
        if (current) startTransition(() => setHidden(!shown));
      })
      .catch(() => current && startTransition(() => setHidden(false)));
    return () => {
      current = false;
    };
  }, [api, country]);
  return hidden;
}
