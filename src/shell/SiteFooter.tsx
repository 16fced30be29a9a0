import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoutePath } from '../routing/route-table';

/** Localized path of the logged-out cancellation form, so the German link reads German all the way. */
const FORM_PATH_BY_LANGUAGE: Record<string, RoutePath> = {
  de: '/cancellation/abo-kuendigen',
  fr: '/cancellation/demande-de-resiliation',
  es: '/cancellation/solicitud-de-baja',
};

export const cancellationFormPathFor = (language: string): RoutePath =>
  FORM_PATH_BY_LANGUAGE[language.slice(0, 2)] ?? '/cancellation/request';

export interface FooterLinkProps {
  to: RoutePath;
  className: string;
  'data-testid': string;
  children: ReactNode;
}

/**
 * On every page, signed in or not: the statutory "cancel contracts here" link straight to the form.
 * The app draws the link as a router link; the server, for a page at rest, as a plain one.
 */
export function SiteFooter({ link: FooterLink }: { link: (props: FooterLinkProps) => ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t('app.footerNavigation')}>
        <ul className="site-footer__links">
          <li>
            <FooterLink
              to={cancellationFormPathFor(i18n.language)}
              className="site-footer__cancel"
              data-testid="footer-cancel-contracts"
            >
              {t('app.footerCancelContracts')}
            </FooterLink>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copyright">{t('app.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
