import { filterFromAddress } from '../../machines/billing-history.rules';
import {
  dayIn,
  dayText,
  findRoute,
  parseQueryParams,
  supportedCulture,
  timeZoneFromCookies,
  type DrawnPageTopView,
  type RouteId,
} from '../../src/server-drawn';
import { toClaims } from '../repositories/users';
import { startupLetsStay, type PageRequest } from './drawn-checkout';
import { pageTexts } from './app-shell';

type DrawnPage = DrawnPageTopView['page'];

const DRAWN_PAGE_OF_ROUTE: Partial<Record<RouteId, DrawnPage>> = {
  transactions: 'billingHistory',
  cancellationSurvey: 'cancellationSurvey',
  cancellationPreSurvey: 'cancellationSurvey',
};

/**
 * The top the server may draw for a signed-in person on billing history or the cancellation
 * survey, in their account's language: only when start-up (its machine, with the person's
 * claims) lets them stay on the page. What it draws is what the page shows while it loads, so it
 * needs no read of its own: billing history's heading and the range the address asks for (the
 * billing year up to the visitor's today by default), the survey's heading and its loading notice.
 * Billing history is drawn only once the app has told the visitor's time zone (its cookie): the
 * server's day is not theirs, and a range drawn for the wrong day would change under them.
 */
export async function drawnPageTopFor(request: PageRequest, today: Date): Promise<DrawnPageTopView | null> {
  const route = findRoute(request.pathname);
  const page = route ? DRAWN_PAGE_OF_ROUTE[route.id] : undefined;
  if (!page || !request.user || !request.sessionId) return null;
  const user = request.user;
  try {
    if (!(await startupLetsStay(request, toClaims(user, request.sessionId)))) return null;
  } catch {
    return null;
  }
  const culture = supportedCulture(user.culture_cd);
  const href = request.pathname + request.search;
  if (page === 'billingHistory') {
    const zone = timeZoneFromCookies(request.cookieHeader);
    if (!zone) return null;
    const t = pageTexts(culture, 'billing');
    const query = parseQueryParams(request.search);
    const filter = filterFromAddress(
      { startdate: query.startdate, enddate: query.enddate, txtype: query.txtype, skip: query.skip },
      dayIn(zone, today),
    );
    const day = (date: string) => dayText(`${date}T00:00:00Z`, culture, true);
    return {
      href,
      page,
      heading: t('history.title'),
      line: t('history.range', { start: day(filter.startDate), end: day(filter.endDate) }),
    };
  }
  const t = pageTexts(culture, 'cancel-survey');
  return { href, page, heading: t('heading'), line: t('loading') };
}
