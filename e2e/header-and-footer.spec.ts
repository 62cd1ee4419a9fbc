import { expect, type Page, test } from '@playwright/test';
import { SITE_LANGUAGES } from '../shared/languages.ts';
import { signInToBilling } from './billing-helpers.ts';
import { completeOrderForm, newAccount, PASSWORD, startOrder } from './order-helpers.ts';

/**
 * The header and the footer as a customer meets them: download and try in the header at desktop
 * widths (try first in Korean and Japanese), on one line whatever the language; the account menu
 * (Billing, Log out) instead of Log in once signed in, on the order and success pages; no language
 * choice in the footer where the header hides it.
 */
async function open(page: Page, url: string) {
  await page.goto(url);
  // Running: the release feed has answered (the header's buttons are final).
  await expect(page.locator('.footer-download')).toHaveAttribute('title', /MB\)$/, { timeout: 15_000 });
}

/** The header's visible entries, left to right, and whether any two overlap or any wraps. */
function headerLayout(page: Page) {
  return page.evaluate(() => {
    const shown = (element: Element) =>
      element.getBoundingClientRect().width > 0 && getComputedStyle(element).display !== 'none';
    const entries = [
      ...document.querySelectorAll(
        '.site-header-inner > .logo, .header-menus > li, .header-actions > :not(.cta-buttons), .cta-header > *',
      ),
    ].filter(shown);
    const boxes = entries.map((element) => element.getBoundingClientRect());
    return {
      overlapping: boxes.some((box, index) => index > 0 && box.left < (boxes[index - 1]?.right ?? 0) - 1),
      wrapped: boxes.some((box) => box.height > 48),
      calls: [...document.querySelectorAll('.cta-header > *')]
        .filter(shown)
        .map((element) => (element.matches('[href*="/try?"]') ? 'try' : 'download')),
    };
  });
}

for (const width of [880, 1024, 1280, 1440]) {
  test(`at ${width} px the header shows try and download on one line, try first in Korean and Japanese`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of SITE_LANGUAGES) {
      await open(page, `/${lang}/terms-of-service`);
      const tryFirst = lang === 'ko' || lang === 'ja';
      const both = tryFirst ? ['try', 'download'] : ['download', 'try'];
      // From 1200 px both; between the mobile menu and 1200 px the first of them.
      const layout = await headerLayout(page);
      expect(layout, `${lang} at ${width} px`).toEqual({
        overlapping: false,
        wrapped: false,
        calls: width >= 1200 ? both : both.slice(0, 1),
      });
    }
  });
}

/** Desktop widths from the mobile menu's end up, with the style sheet's steps on both sides. */
const DESKTOP_WIDTHS = [880, 1024, 1199, 1200, 1279, 1280, 1366, 1440];

/** Every language's header at every desktop width: one line, nothing covering anything, Pricing shown. */
async function expectHeaderFits(page: Page) {
  for (const width of DESKTOP_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of SITE_LANGUAGES) {
      await open(page, `/${lang}/terms-of-service`);
      const where = `${lang} at ${width} px`;
      // The header settles in the frame after its entries change (use-header-fit.ts).
      await expect
        .poll(
          async () => {
            const { overlapping, wrapped } = await headerLayout(page);
            return { overlapping, wrapped };
          },
          { message: where },
        )
        .toEqual({ overlapping: false, wrapped: false });
      await expect(page.locator('.header-menus .header-pricing'), where).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBe(width);
    }
  }
}

test('signed in, the header keeps every entry on one line without overlap, at every desktop width and in every language', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(request);
  await signInToBilling(page, 'en', email, PASSWORD);
  await open(page, '/en/terms-of-service');
  // "My account" (wider than "Log in" in every language) has replaced the login link.
  await expect(page.locator('.site-header .account-menu')).toBeVisible();
  await expectHeaderFits(page);
});

test.describe('in Safari', () => {
  // Safari's calls to action say more ("Try online (best in Chrome)", "Download for Mac").
  test.use({
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  });
  test('the header keeps every entry on one line without overlap, at every desktop width and in every language', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await open(page, '/en/terms-of-service');
    await expect(page.locator('.cta-header')).toContainText('Try online (best in Chrome)');
    await expectHeaderFits(page);
  });
});

test('signed in through the payment start, the order and success pages offer the account menu, and no language choice', async ({
  page,
  request,
}) => {
  const email = await newAccount(request);
  await startOrder(page, email, 'en', 'MR_LIGHT_V3');
  const header = page.locator('.site-header .header-actions');
  const account = header.getByRole('button', { name: 'My account' });
  await expect(account).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  // The order page hides the language choice in the header (section 2), and so does the footer.
  await expect(page.locator('.site-header select')).toHaveCount(0);
  await expect(page.locator('.site-footer select')).toHaveCount(0);

  await completeOrderForm(page, 'Credit or debit card', '415 555 0164');
  await page.getByRole('button', { name: 'Pay US$8.99' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await account.hover();
  await expect(header.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/en/account/billing');
  await header.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/_local/app');
  await expect(page.getByRole('status')).toHaveText('Not signed in');
});

test('the footer offers the language choice where the header does, and not on upgrade or change-card pages', async ({
  page,
}) => {
  const guid = 'f'.repeat(32);
  for (const [path, offered] of [
    ['/en/payment/pricepolicy', true],
    ['/en/refund-policy', true],
    [`/en/payment/upgrade/pricepolicy?guid=${guid}`, false],
    [`/en/payment/change-card?guid=${guid}`, false],
    [`/en/payment/order/subscription?guid=${guid}`, false],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.site-footer select'), path).toHaveCount(offered ? 1 : 0);
    await expect(page.locator('.site-header .header-language'), path).toHaveCount(offered ? 1 : 0);
  }
});

test('the header and footer links move within the app: the page changes, the document stays, the shown page is marked', async ({
  page,
}) => {
  await open(page, '/en');
  // A document load would lose this.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const pricing = page.locator('.header-menus .header-pricing');
  await expect(pricing).not.toHaveAttribute('aria-current');
  await pricing.click();
  await expect(page).toHaveURL(/\/en\/payment\/pricepolicy$/);
  await expect(page.locator('.pricing h1')).toBeVisible();
  await expect(pricing).toHaveAttribute('aria-current', 'page');
  await page.locator('.site-footer a[href="/en/refund-policy"]').click();
  await expect(page).toHaveURL(/\/en\/refund-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.site-footer a[href="/en/refund-policy"]')).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});
