/**
 * The dashboard side's documents (issue 14 items 5 and 6), desktop and mobile: download answers
 * a PDF, print opens the print window, the builder edit URLs show the document, the requested
 * auto-download waits 5 s on desktop in the test variation and 3 s on mobile (on a fake clock),
 * and the promo ad widget records viewed and clicked events; an unknown type shows the
 * cover-letter widget. axe on the dashboard and the builder page.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { AUTO_DOWNLOAD_DELAY_EXPERIMENT } from '../src/domain/documents';
import { axeViolations, isSerious } from './support/axe';
import { api, apiPath, signInAs, signInAsFresh } from './support';
import { namespaceTextsOf } from './support/locales';

const texts = namespaceTextsOf('en-US', 'dashboard');
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const dashboardFor = (page: Page, query = '') =>
  `/dashboard${isMobile(page) ? `?device=mobile${query ? `&${query}` : ''}` : query ? `?${query}` : ''}`;

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

const isEvent = (name: string) => (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === apiPath('/events') &&
  (request.postDataJSON() as { event_name?: string }).event_name === name;

test.describe('documents on the dashboard side', { tag: '@mobile' }, () => {
  test('download answers a PDF, print opens the print window with the PDF, e-mail sends once', async ({
    page,
    context,
  }) => {
    const me = await signInAsFresh(page, 'active-us', dashboardFor(page));
    const resume = page.getByTestId('document').filter({ hasText: 'Ava Martinez Resume' });

    const link = resume.getByTestId('download');
    const direct = await page.request.get((await link.getAttribute('href'))!);
    expect(direct.headers()['content-type']).toBe('application/pdf');
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe('Ava_Martinez_Resume.pdf');
    expect(
      readFileSync(await (await download).path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const printResponse = context.waitForEvent(
      'response',
      (r) => r.url().includes('/documents/download?') && r.url().includes('isPrint=true'),
    );
    const printWindow = context.waitForEvent('page');
    await resume.getByTestId('print').click();
    const answer = await printResponse;
    await (await printWindow).close();
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toMatch(/^inline; /);

    // A double click sends one e-mail: the page keeps one request id per document.
    await resume.getByTestId('email').dblclick();
    await expect(resume.getByRole('status')).toHaveText(`Ava Martinez Resume is on its way to ${me.EmailAddress}.`);
    await resume.getByTestId('email').click();
    await expect(resume.getByRole('status')).toHaveText(`Ava Martinez Resume is on its way to ${me.EmailAddress}.`);
    const outbox = await api(page).get<{ Emails: { subject: string }[] }>('/demo/outbox', {
      to: me.EmailAddress,
      limit: 10,
    });
    expect(outbox.Emails.map((mail) => mail.subject)).toEqual(['Your document: Ava Martinez Resume']);
  });

  test('the builder edit URLs show the document; a bad or foreign id shows an error page', async ({ page }) => {
    await signInAs(page, 'active-us', dashboardFor(page));
    await page
      .getByTestId('document')
      .filter({ hasText: 'Ava Martinez Resume' })
      .getByRole('link', { name: 'Edit Ava Martinez Resume' })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`${isMobile(page) ? '/build-resume/mobile' : '/build/resume'}\\?mode=edit&documentid=`),
    );
    await expect(page.getByTestId('builder-editor')).toHaveText(
      isMobile(page) ? texts.builder.resumeMobile : texts.builder.resume,
    );
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Editing Ava Martinez Resume');
    await expect(page.locator('pre.document-body')).toContainText('Ava Martinez');
    await expectNoSeriousViolations(page);

    await page.goto(dashboardFor(page));
    await page.getByRole('link', { name: 'Edit Ava Martinez Cover Letter' }).click();
    await expect(page).toHaveURL(/\/build\/letter\?mode=edit&documentid=/);
    await expect(page.getByTestId('builder-editor')).toHaveText(texts.builder.letter);

    const bad = await page.goto('/build/resume?mode=edit&documentid=not-a-document');
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(texts.builder.badLink);
    await signInAs(page.context(), 'new-us');
    const foreign = await page.goto(`/build/letter?mode=edit&documentid=d0c20000-0000-4000-8002-000000000003`);
    expect(foreign?.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText(texts.builder.forbidden);
    await expectNoSeriousViolations(page);
  });

  test('a requested download waits 5 s on desktop in the test variation, 3 s on mobile', async ({
    page,
    context,
    baseURL,
  }) => {
    const delay = isMobile(page) ? 3000 : 5000;
    await context.addCookies([
      {
        name: 'ew_exp',
        value: encodeURIComponent(
          JSON.stringify([{ ExperimentGUID: AUTO_DOWNLOAD_DELAY_EXPERIMENT, VariationIndex: 3, PortalCD: 'RNUS' }]),
        ),
        url: baseURL!,
      },
    ]);
    await signInAs(context, 'active-us');
    // A clock that moves only when told: the page's load time does not count against the wait.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    let started = false;
    page.on('download', () => (started = true));
    await page.goto(dashboardFor(page, 'autodownload=true&doctype=RSME'));
    await expect(page.getByTestId('autodownload').getByRole('status')).toHaveText(
      `Your document will download in ${delay / 1000} seconds.`,
    );
    await page.clock.runFor(delay - 200);
    expect(started).toBe(false);
    await expect(page.locator('iframe')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.clock.runFor(400);
    expect((await download).suggestedFilename()).toBe('Ava_Martinez_Resume.pdf');
    await expect(page.getByTestId('autodownload').getByRole('status')).toHaveText(texts.autoDownload.started);
  });

  test('the promo widget records viewed and clicked with seconds spent; an unknown type shows the cover letter', async ({
    page,
  }) => {
    await signInAs(page.context(), 'active-us');
    await page.clock.install();
    await page.goto(dashboardFor(page, 'promo=podcast'));
    const promo = page.getByTestId('promo-ad');
    await expect(promo).toHaveAttribute('data-promo-type', 'coverLetter');
    await expect(promo.getByRole('heading')).toHaveText(texts.promo.coverLetter.title);
    await expectNoSeriousViolations(page);

    const viewed = page.waitForRequest(isEvent('promo ad viewed'));
    await promo.scrollIntoViewIfNeeded();
    const viewedAnswer = await (await viewed).response();
    expect(viewedAnswer?.status()).toBe(202);
    expect(((await viewed).postDataJSON() as { props: object }).props).toMatchObject({
      widget_type: 'coverLetter',
      seconds_spent: expect.any(Number),
    });
    const record = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('promoAdViewedTimestamp') ?? 'null') as {
          type: string;
          viewedAt: number;
        } | null,
    );
    expect(record?.type).toBe('coverLetter');

    // The page's clock still runs with real time; stopped 2 s after the view (long after the
    // checks above), then moved on 1 s, the click comes exactly 3 s after the view.
    await page.clock.pauseAt(record!.viewedAt + 2000);
    await page.clock.runFor(1000);
    const clicked = page.waitForRequest(isEvent('promo ad clicked'));
    // Keyboard: the call to action is a link reached and followed with the keyboard.
    await promo.getByTestId('promo-cta').focus();
    await page.keyboard.press('Enter');
    const request = await clicked;
    expect((await request.response())?.status()).toBe(202);
    expect((request.postDataJSON() as { props: object }).props).toEqual({
      widget_type: 'coverLetter',
      seconds_spent: 3,
    });
    await expect(page).toHaveURL(/\/build\/letter\?mode=edit&documentid=/);
  });
});
