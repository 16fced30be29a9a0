import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RoutePath } from '../routing/route-table';

/** Localized path of the logged-out cancellation form, so the German link reads German all the way. */
const FORM_PATH_BY_LANGUAGE: Record<string, RoutePath> = {
  de: '/cancellation/abo-kuendigen',
  fr: '/cancellation/demande-de-resiliation',
  es: '/cancellation/solicitud-de-baja',
};

/** On every page, signed in or not: the statutory "cancel contracts here" link straight to the form. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const to = FORM_PATH_BY_LANGUAGE[i18n.language.slice(0, 2)] ?? '/cancellation/request';
  return (
    <footer className="site-footer">
      <nav aria-label={t('app.footerNavigation')}>
        <ul className="site-footer__links">
          <li>
            <Link to={to} className="site-footer__cancel" data-testid="footer-cancel-contracts">
              {t('app.footerCancelContracts')}
            </Link>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copyright">{t('app.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
