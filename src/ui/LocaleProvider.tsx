import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';

/** Dates, numbers and reading direction of every react-aria component below follow `locale`. */
export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}
