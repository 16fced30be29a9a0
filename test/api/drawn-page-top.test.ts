/**
 * Billing history's and the cancellation survey's tops drawn at once: for a signed-in person whom
 * start-up lets stay, the server sends the page's heading and the line under it, in the account's
 * language, as the page shows them while it loads, with the data the app draws the same top from.
 * Wherever start-up would send the person elsewhere, or nobody is signed in, nothing new is drawn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { standInFrontEnd } from '../support/stand-in-front-end';
import { billingYear } from '../../machines/billing-history.rules';
import { dayIn } from '../../src/domain/time-zone';
import { dayText } from '../../src/domain/transaction-format';
import enBilling from '../../src/i18n/locales/en-US/billing.json';
import deBilling from '../../src/i18n/locales/de-DE/billing.json';
import enSurvey from '../../src/i18n/locales/en-US/cancel-survey.json';
import deSurvey from '../../src/i18n/locales/de-DE/cancel-survey.json';

const topOf = (html: string) =>
  html.match(/<section class="simple-page[^"]*"[^>]*data-testid="drawn-page-top".*?<\/section>/)?.[0] ?? null;
const dataOf = (html: string) => {
  const text = html.match(/<script type="application\/json" id="drawn-page-top">(.*?)<\/script>/)?.[1];
  return text ? (JSON.parse(text) as { href: string; page: string; heading: string; line: string }) : null;
};
const range = (template: string, start: string, end: string) =>
  template.replace('{{start}}', start).replace('{{end}}', end);

describe('page tops drawn by the server for a signed-in person', () => {
  let api: TestApi;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    api = await startTestApi('pglite', { DIST_DIR: standInFrontEnd() });
    for (const persona of ['active-us', 'active-de', 'employer']) cookies[persona] = await api.signIn(persona);
  });
  afterAll(() => api.close());

  const page = async (path: string, cookie?: string) => {
    const response = await api.raw(path, { headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en-US' } });
    return {
      status: response.status,
      html: await response.text(),
      cacheControl: response.headers.get('cache-control'),
    };
  };

  /** The app's time-zone cookie, for a zone whose day is ahead of UTC's from 10:00 UTC on (and behind no other). */
  const KIRITIMATI = 'tz=Pacific%2FKiritimati';

  it("billing history: the heading and the billing year up to the visitor's today, in the account's language, with the data the app draws from", async () => {
    const year = billingYear(dayIn('Pacific/Kiritimati', new Date()));
    const { status, html, cacheControl } = await page(
      '/payment/transactions',
      `${cookies['active-us']}; ${KIRITIMATI}`,
    );
    expect(status).toBe(200);
    const top = topOf(html)!;
    expect(top).toMatch(/^<section class="simple-page page page--wide billing"/);
    expect(top).toContain(`<h1 id="billing-heading" tabindex="-1">${enBilling.history.title}</h1>`);
    const line = range(
      enBilling.history.range,
      dayText(`${year.startDate}T00:00:00Z`, 'en-US', true),
      dayText(`${year.endDate}T00:00:00Z`, 'en-US', true),
    );
    expect(top).toContain(`<p class="lead">${line}</p>`);
    expect(dataOf(html)).toEqual({
      href: '/payment/transactions',
      page: 'billingHistory',
      heading: enBilling.history.title,
      line,
    });
    expect(cacheControl).toContain('private');
  });

  it('billing history: the range the address asks for, in German for a German account whatever the browser asks', async () => {
    const { html } = await page(
      '/payment/transactions?startdate=2024-01-05&enddate=2024-03-31&txtype=sale',
      `${cookies['active-de']}; ${KIRITIMATI}`,
    );
    expect(html).toMatch(/<html lang="de-DE"/);
    const line = range(
      deBilling.history.range,
      dayText('2024-01-05T00:00:00Z', 'de-DE', true),
      dayText('2024-03-31T00:00:00Z', 'de-DE', true),
    );
    expect(dataOf(html)).toEqual({
      href: '/payment/transactions?startdate=2024-01-05&enddate=2024-03-31&txtype=sale',
      page: 'billingHistory',
      heading: deBilling.history.title,
      line,
    });
  });

  it("billing history is not drawn before the app has told the visitor's time zone, or with a zone nobody has", async () => {
    for (const cookie of [cookies['active-us'], `${cookies['active-us']}; tz=Mars%2FOlympus`]) {
      const { status, html } = await page('/payment/transactions', cookie);
      expect(status).toBe(200);
      expect(topOf(html)).toBeNull();
      expect(dataOf(html)).toBeNull();
    }
  });

  it('billing history: a reversed range in the address is drawn as the billing year, as the page shows it', async () => {
    const year = billingYear(dayIn('Pacific/Kiritimati', new Date()));
    const { html } = await page(
      '/payment/transactions?startdate=2024-05-01&enddate=2024-01-01',
      `${cookies['active-us']}; ${KIRITIMATI}`,
    );
    expect(dataOf(html)!.line).toBe(
      range(
        enBilling.history.range,
        dayText(`${year.startDate}T00:00:00Z`, 'en-US', true),
        dayText(`${year.endDate}T00:00:00Z`, 'en-US', true),
      ),
    );
  });

  for (const path of ['/payment/cancellation/survey', '/payment/cancellation/pre/survey']) {
    it(`the survey (${path}): its heading and its loading notice`, async () => {
      const { html } = await page(path, cookies['active-us']);
      const top = topOf(html)!;
      expect(top).toMatch(/^<section class="simple-page page cancel-survey"/);
      expect(top).toContain(`<h1 id="cancel-survey-heading" tabindex="-1">${enSurvey.heading}</h1>`);
      expect(top).toContain(`<p role="status" class="cancel-survey__status">${enSurvey.loading}</p>`);
      expect(dataOf(html)).toEqual({
        href: path,
        page: 'cancellationSurvey',
        heading: enSurvey.heading,
        line: enSurvey.loading,
      });
    });
  }

  it('the survey in German for a German account', async () => {
    const { html } = await page('/payment/cancellation/survey', cookies['active-de']);
    expect(dataOf(html)).toMatchObject({ heading: deSurvey.heading, line: deSurvey.loading });
  });

  for (const [name, path, persona] of [
    ['a guest', '/payment/transactions', null],
    ['a stale session cookie', '/payment/transactions', 'stale'],
    ['a person start-up sends elsewhere (an employer, to their survey)', '/payment/transactions', 'employer'],
    ['a guest on the survey', '/payment/cancellation/survey', null],
    ['another page', '/payment/mysettings', 'active-us'],
  ] as const) {
    it(`nothing new is drawn for ${name}`, async () => {
      // The demo sign-in also sets the user status cookie, which names an employer's sub-role.
      const employerStatus = `UserStatus=${encodeURIComponent(JSON.stringify({ SubRole: 'employer' }))}`;
      const cookie =
        persona === 'stale'
          ? 'rp_session=not-a-session'
          : persona === 'employer'
            ? `${cookies.employer}; ${employerStatus}`
            : persona
              ? cookies[persona]
              : undefined;
      const { status, html } = await page(path, cookie);
      expect(status).toBe(200);
      expect(topOf(html)).toBeNull();
      expect(html).not.toContain('id="drawn-page-top"');
      expect(html).toContain('<header class="site-header">');
    });
  }
});
