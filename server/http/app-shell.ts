import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { FUNNEL_STEPS } from '../../machines/purchase-funnel.rules';
import {
  SiteHeader,
  SellIntro,
  SellPageSection,
  CancellationIntro,
  CancellationSection,
  DrawnCheckoutTop,
  DrawnPageTop,
  PageCard,
  PageSkeleton,
  SellPageAtRest,
  SiteFooter,
  signInUrlFor,
  skeletonShapeAt,
  findRoute,
  CULTURES,
  DEFAULT_CULTURE,
  type Culture,
  type DrawnCheckout,
  type DrawnPageTopView,
  type FooterLinkProps,
  type SellPageAtRestView,
  type SkeletonShape,
} from '../../src/server-drawn';
import { cultureTextsInstance } from '../domain/culture-texts';

/** The namespaces the frames below read (and the page tops drawn-page-top.ts draws, and a guest's sell page at rest); the app loads the rest. */
const SHELL_NAMESPACES = [
  'common',
  'funnel',
  'sell-blocks',
  'testimonials',
  'services',
  'billing',
  'cancel-survey',
  'catalogue',
];

/** The shell's texts in a culture, from the shared cached reader of the locale files. */
const textsOf = (culture: Culture): i18n => cultureTextsInstance(SHELL_NAMESPACES, culture);

export type ShellPage = 'sellIntro' | 'cancellationIntro' | `skeleton-${SkeletonShape}` | null;

/**
 * Which page's top the server may draw: for a guest, only where a guest is always shown the page as
 * it is; for a signed-in visitor (whose page start-up decides first), the skeleton of a signed-in
 * page's shape, as the app's waiting page renders it, instead of an empty frame.
 */
export function shellPageFor(pathname: string, signedIn: boolean): ShellPage {
  if (signedIn) {
    const shape = skeletonShapeAt(pathname);
    return shape ? `skeleton-${shape}` : null;
  }
  const route = findRoute(pathname);
  if (route?.id === 'pricing') return 'sellIntro';
  if (route?.id === 'cancellationRequest') return 'cancellationIntro';
  return null;
}

/**
 * The page's frame as the app first draws it, in the visitor's language, to go inside the root
 * element: the skip link, the header bar and the main area (which fills the first screen). For a
 * guest on the sell page or the cancellation form the main area also holds the page's top, with
 * its loading notice. The app then replaces it with the same markup, so nothing on screen moves.
 */
export function appShell(culture: Culture, config: { dashboardUrl: string; appBase: string }, page: ShellPage): string {
  // Seven cultures, a handful of kinds of page and one configuration: each frame is drawn once.
  const key = `${culture}|${page}|${config.dashboardUrl}|${config.appBase}`;
  let markup = shells.get(key);
  if (markup === undefined) {
    markup = drawShell(
      culture,
      config,
      page === 'sellIntro'
        ? sellMain()
        : page === 'cancellationIntro'
          ? cancellationMain(culture, config)
          : page
            ? skeletonMain(culture, page)
            : null,
    );
    shells.set(key, markup);
  }
  return markup;
}

/**
 * The frame with checkout's top, for a signed-in person whose start-up and funnel the server has
 * settled (drawn-checkout.ts), in their account's language: the steps, the heading, the order
 * summary of the plan, the payment methods and the card frame's slot. It is that person's own,
 * so it is drawn for each request.
 */
export function checkoutShell(
  culture: Culture,
  config: { dashboardUrl: string; appBase: string },
  checkout: DrawnCheckout,
): string {
  return drawShell(culture, config, createElement(DrawnCheckoutTop, { view: checkout }));
}

/** The frame with another page's top (drawn-page-top.ts), for a signed-in person, in their account's language. */
export function pageTopShell(
  culture: Culture,
  config: { dashboardUrl: string; appBase: string },
  top: DrawnPageTopView,
): string {
  return drawShell(culture, config, createElement(DrawnPageTop, { view: top }));
}

/** The frame with a guest's whole sell page at rest (drawn-sell-page.ts): its blocks draw random figures, so it is drawn for each request. */
export function sellPageAtRestShell(
  culture: Culture,
  config: { dashboardUrl: string; appBase: string },
  view: SellPageAtRestView,
): string {
  return drawShell(culture, config, createElement(SellPageAtRest, { view }), { withFooter: true });
}

/** A namespace's texts in a culture (falling back as the app does), for a page top the server draws. */
export const pageTexts = (culture: Culture, namespace: string) =>
  textsOf(supported(culture)).getFixedT(null, namespace);

const shells = new Map<string, string>();

const sellMain = (): ReactNode =>
  createElement(
    SellPageSection,
    { busy: true },
    createElement(SellIntro, { step: FUNNEL_STEPS.chooseAccess, showBreadcrumb: true, loading: true }),
  );

function cancellationMain(culture: Culture, config: { dashboardUrl: string; appBase: string }): ReactNode {
  const t = textsOf(supported(culture)).getFixedT(null, 'common');
  return createElement(
    CancellationSection,
    null,
    createElement(CancellationIntro, { signInUrl: signInUrlFor(config.dashboardUrl) }),
    // The form's card, as the app renders it around its loading line: nothing moves when the app renders.
    createElement(PageCard, null, createElement('p', { role: 'status' }, t('app.loading'))),
  );
}

function skeletonMain(culture: Culture, page: `skeleton-${SkeletonShape}`): ReactNode {
  const t = textsOf(supported(culture)).getFixedT(null, 'common');
  return createElement(PageSkeleton, {
    shape: page.slice('skeleton-'.length) as SkeletonShape,
    label: t('app.loading'),
  });
}

const supported = (culture: Culture): Culture => (CULTURES.includes(culture) ? culture : DEFAULT_CULTURE);

/** The footer's link as a plain one: a page at rest moves by the browser until the app has come. */
const plainLink =
  (appBase: string) =>
  ({ to, ...props }: FooterLinkProps) =>
    createElement('a', { href: `${appBase}${to}`, ...props });

function drawShell(
  culture: Culture,
  config: { dashboardUrl: string; appBase: string },
  main: ReactNode,
  { withFooter = false } = {},
): string {
  const texts = textsOf(supported(culture));
  const t = texts.getFixedT(null, 'common');
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: texts },
      createElement(SiteHeader, {
        brand: t('app.name'),
        skipToContent: t('app.skipToContent'),
        homeUrl: config.dashboardUrl,
      }),
      // Without JavaScript the app never arrives: say so instead of loading for ever.
      createElement(
        'main',
        { id: 'main', className: 'site-main' },
        createElement(
          'noscript',
          null,
          createElement('p', { className: 'notice notice--warning' }, t('app.needsJavaScript')),
        ),
        main,
      ),
      withFooter ? createElement(SiteFooter, { link: plainLink(config.appBase) }) : null,
    ),
  );
}
