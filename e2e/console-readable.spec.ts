import { expect, type Page, test } from '@playwright/test';
import { formatPrice } from '../shared/currency.ts';
import { kstToday } from '../shared/time/kst.ts';
import { buyPass, customer, refundOwnPass } from './console-data.ts';
import { screens, seriousViolations, signInToConsole, uniqueEmail } from './console-helpers.ts';
import { unreadable } from './console-readability.ts';

/**
 * The console an accountant can read (issue 32, points 1 to 4), in Korean as the operators use it: the
 * finance, tax invoice, audit, user, payment search and user detail pages with real payments behind them
 * (a card pass, a phone payment refunded through the provider, a business account's invoice request),
 * at a desk's 1400 px and a phone's 360 px. A test fails when an amount, a date, an id or a code takes
 * more than one line, when a code of the label tables (or a plan code) is shown bare, or when the page
 * scrolls sideways; the pages are photographed for docs/screenshots.
 */

const KOREAN = { language: 'ko', cells: true } as const;

/** The page at a desk's 1400 px and a phone's 360 px, readable at both, photographed at both. */
async function readableAtBothWidths(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
  name: string,
) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(path);
  await ready(page);
  expect(await unreadable(page, KOREAN), `${path} at 1400 px`).toEqual([]);
  expect(await seriousViolations(page), path).toEqual([]);
  await page.setViewportSize({ width: 360, height: 780 });
  await ready(page);
  await expect.poll(() => unreadable(page, KOREAN), { message: `${path} at 360 px` }).toEqual([]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await screens(page, name);
}

test('the console’s money and people pages are readable in Korean at 1400 px and 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const business = { name: `한지민${stamp % 1000}`, email: uniqueEmail('readable-business') };
  const person = { name: `서연우${stamp % 1000}`, email: uniqueEmail('readable-person') };
  const businessAccount = await customer(request, business.name, business.email);
  const personAccount = await customer(request, person.name, person.email);
  const company = '유엑스테스트 주식회사';
  const response = await request.put('/payment/user-tax-invoice-details', {
    headers: { authorization: `Bearer ${businessAccount.token}` },
    data: {
      details: {
        businessNumber: '116-82-00276',
        companyName: company,
        representative: '한지민',
        address: '서울특별시 강남구 테헤란로 123 유엑스빌딩 10층 1004호',
        businessType: '서비스',
        businessItem: '소프트웨어 개발 및 공급',
        invoiceEmail: 'tax-readable@example.com',
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // A business account's pass paid by phone (an invoice request to issue), refunded by the customer through the
  // provider; a person's pass paid by card.
  const phone = await buyPass(
    page,
    request,
    { ...business, token: businessAccount.token },
    'Y1_STANDARD_V3',
    {
      payMethod: 'phone',
      pg: 'danal',
    },
  );
  const refunded = await refundOwnPass(request, businessAccount.token);
  const card = await buyPass(page, request, { ...person, token: personAccount.token }, 'Y1_LIGHT_V3', {
    payMethod: 'card',
    pg: 'html5_inicis',
  });

  await signInToConsole(page);
  await page.addInitScript(() => localStorage.setItem('cutloom.console.language', 'ko'));
  const rows = (text: string) => async (shown: Page) =>
    expect(shown.getByRole('row').filter({ hasText: text }).first()).toBeVisible({ timeout: 15_000 });

  // Finance: the day's payments and refunds, the refund named by the way the money went back.
  await readableAtBothWidths(
    page,
    `/admin/finance?period=${kstToday()}`,
    async (shown) => {
      await rows(phone.merchantUid)(shown);
      await expect(shown.getByText('결제수단으로 환불 (휴대폰 결제)').first()).toBeVisible();
    },
    'console-finance',
  );
  const ledger = page.getByRole('region', { name: /^결제·환불 내역/ });
  const refundRow = ledger.getByRole('row').filter({ hasText: '결제수단으로 환불 (휴대폰 결제)' }).first();
  await expect(refundRow).toContainText(formatPrice(refunded, 'KRW'));
  await expect(refundRow).toContainText(business.email);
  await expect(refundRow).toContainText('스탠다드 · 1년 이용권');

  // Tax invoices: the company wraps between words, the amount and the ids do not.
  await readableAtBothWidths(
    page,
    `/admin/taxInvoice?month=${kstToday().slice(0, 7)}`,
    rows(phone.merchantUid),
    'console-tax-invoices',
  );
  const invoiceRow = page.getByRole('row').filter({ hasText: phone.merchantUid });
  await expect(invoiceRow).toContainText(company);
  await expect(invoiceRow).toContainText('휴대폰 결제');

  // The audit trail of account creations (the two above): kinds and roles by their names.
  await readableAtBothWidths(
    page,
    '/admin/audit?kind=adminUserCreate',
    rows(business.email),
    'console-audit',
  );
  await expect(page.getByRole('row').filter({ hasText: business.email }).first()).toContainText('계정 생성');
  await expect(page.getByRole('row').filter({ hasText: business.email }).first()).toContainText('관리자');

  // The user list, the payment search and the user detail.
  await readableAtBothWidths(
    page,
    `/admin/users?name=${encodeURIComponent(business.name)}`,
    rows(business.email),
    'console-users',
  );
  await readableAtBothWidths(
    page,
    `/admin/userPayment?email=${encodeURIComponent(person.email)}`,
    rows(card.merchantUid),
    'console-payment-search',
  );
  await expect(page.getByRole('row').filter({ hasText: card.merchantUid })).toContainText(
    formatPrice(card.amount, 'KRW'),
  );
  await readableAtBothWidths(
    page,
    `/admin/users/${businessAccount.uid}/show`,
    rows(phone.merchantUid),
    'console-user-detail',
  );
});

test('a wide table scrolls inside its card with its first column kept, and says so', async ({ page }) => {
  await signInToConsole(page);
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`/admin/finance?period=${kstToday()}`);
  const ledger = page.getByRole('region', { name: /^Payments and refunds / });
  const box = ledger.locator('.console-table-scroll');
  // The ledger's thirteen columns are wider than the card: the box scrolls, the page does not.
  await expect(ledger.getByText('More columns to the right →')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);
  await expect(box).toHaveAttribute('tabindex', '0');
  const first = ledger.getByRole('columnheader').first();
  const before = await first.boundingBox();
  await box.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect(page.locator('.console-table-frame[data-more-left]')).toHaveCount(1);
  const after = await first.boundingBox();
  expect(after?.x).toBe(before?.x);
});

test('a chart of a period without figures says so instead of drawing an empty grid', async ({ page }) => {
  await signInToConsole(page);
  await page.goto('/admin/revenue?from=2001-01-01&to=2001-01-31');
  await expect(page.getByText('No data for this period.')).toHaveCount(5);
  await expect(page.locator('figure.console-chart canvas')).toHaveCount(0);
});

test('on a phone the navigation waits behind its menu button, in groups', async ({ page }) => {
  await signInToConsole(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/admin/users');
  const nav = page.getByRole('navigation', { name: 'Console navigation' });
  await expect(nav).toBeHidden();
  // The page's own heading is on the first screen, not under twenty links.
  const heading = await page.getByRole('heading', { level: 1, name: 'Users' }).boundingBox();
  expect(heading && heading.y + heading.height).toBeLessThan(390);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('list', { name: 'Money' }).getByRole('link', { name: 'Finance' })).toBeVisible();
  await nav.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await expect(nav).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('an empty list says so where a phone shows it', async ({ page }) => {
  await signInToConsole(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/admin/audit?target=nobody-${Date.now()}`);
  const empty = page.getByText('No data available');
  await expect(empty).toBeVisible();
  const box = await empty.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
});
