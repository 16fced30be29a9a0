import { Link } from '@tanstack/react-router';
import { SiteFooter, type FooterLinkProps } from './SiteFooter';

const RouterLink = ({ to, ...props }: FooterLinkProps) => <Link to={to} {...props} />;

/** The site's footer, its link moving within the app. */
export function Footer() {
  return <SiteFooter link={RouterLink} />;
}
