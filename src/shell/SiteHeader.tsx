import { BrandMark } from '../ui/BrandMark';

/**
 * The skip link and the header bar, from plain texts: the app renders it, and the server sends
 * the same markup in the page itself so the frame shows before the app's code has arrived.
 */
export function SiteHeader({
  brand,
  skipToContent,
  homeUrl,
}: {
  brand: string;
  skipToContent: string;
  homeUrl: string;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        {skipToContent}
      </a>
      <header className="site-header">
        <a className="site-header__brand" href={homeUrl}>
          <BrandMark />
          <span className="site-header__name">{brand}</span>
        </a>
      </header>
    </>
  );
}
