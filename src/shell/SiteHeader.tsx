/**
 * The skip link and the header bar, from plain texts: the app draws it, and the server sends
 * the same markup in the page itself so the frame shows before the app's code has arrived.
 */
export function SiteHeader({ brand, skipToContent, homeUrl }: { brand: string; skipToContent: string; homeUrl: string }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {skipToContent}
      </a>
      <header className="site-header">
        <a className="site-header__brand" href={homeUrl}>
          {brand}
        </a>
      </header>
    </>
  );
}
