import { useTranslation } from 'react-i18next';
import { disclaimerNodes, parseDisclaimers, visibleDisclaimers } from '../../../../domain/disclaimers';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import { SafeText } from './SafeText';
import './blocks.css';

export interface DisclaimerListProps {
  /** The disclaimers config Data: a list (or { disclaimers: [...] }) of { type, marker, markerTextSeparator, order, display, text, isHtml }. */
  data: unknown;
}

const typeClass = (type: string) => type.toLowerCase().replace(/[^a-z0-9-]/g, '');

/** The fine print: entries with display true, by order, each with its footnote marker. */
export function DisclaimerList({ data }: DisclaimerListProps) {
  const { t } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const disclaimers = visibleDisclaimers(parseDisclaimers(data));
  if (disclaimers.length === 0) return null;
  return (
    <ul className="sb-block sb-disclaimers" aria-label={t('disclaimers.label')} data-testid="disclaimers">
      {disclaimers.map((d, index) => (
        <li
          key={index}
          className={`sb-disclaimer${d.type ? ` sb-disclaimer--${typeClass(d.type)}` : ''}`}
          data-marker={d.marker}
        >
          {d.marker ? <span className="sb-disclaimer__marker">{d.marker}</span> : null}
          {d.marker ? d.markerTextSeparator : null}
          <SafeText nodes={disclaimerNodes(d)} />
        </li>
      ))}
    </ul>
  );
}
