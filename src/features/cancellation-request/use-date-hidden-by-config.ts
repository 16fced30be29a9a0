import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import type { ConfigFeatures } from '../../api/schemas/pages';
import { useServices } from '../../app/services';
import { visitorContextOf, type VisitorSources } from '../../app/visitor-context';
import { resolveConfigBlock } from '../../domain/eligibility';

/** Without a terminationDate block nothing hides the field; with one, its rule decides for this visitor. */
export function dateHiddenByConfigOf(config: ConfigFeatures | null, visitor: VisitorSources): boolean {
  const feature = config?.Features.find((f) => f.FeatureCD === 'terminationDate');
  return feature ? !resolveConfigBlock(feature.Config, feature.Rule, visitorContextOf(visitor)).shown : false;
}

/**
 * Whether remote configuration hides the termination date for this visitor's market. Suspends
 * until configuration has answered. If it cannot be read the date stays visible: hiding an
 * optional field is never worth blocking a cancellation.
 */
export function useDateHiddenByConfig(): boolean {
  const { api, startup, reads } = useServices();
  const { i18n } = useTranslation();
  const claims = useSelector(startup, (s) => s.context.claims);
  const config = use(reads.read('config:Cancellation', () => api.config.features('Cancellation').catch(() => null)));
  return dateHiddenByConfigOf(config, {
    claims,
    language: i18n.language,
    location: window.location,
    cookieHeader: document.cookie,
    viewportWidth: window.innerWidth,
  });
}
