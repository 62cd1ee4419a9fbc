import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatPrice } from '../shared/currency.ts';
import { kstToday } from '../shared/time/kst.ts';
import { LABEL_TABLES } from '../web/src/lib/labels/label-tables.ts';
import {
  operatorToken,
  screens,
  seriousViolations,
  signInToConsole,
  uniqueEmail,
} from './console-helpers.ts';

/**
 * The console an accountant can read (issue 32, points 1 to 4), in Korean as the operators use it: the
 * finance, tax invoice, audit, user, payment search and user detail pages with real payments behind them
 * (a card pass, a phone payment refunded through the provider, a business account's invoice request),
 * at a desk's 1400 px and a phone's 360 px. A test fails when an amount, a date, an id or a code takes
 * more than one line, when a code of the label tables (or a plan code) is shown bare, or when the page
 * scrolls sideways; the pages are photographed for docs/screenshots.
 */

/** Every code a label table names: none may be read bare on a Korean page (a `<code>` beside its label aside). */
const CODES = new Set<string>(Object.values(LABEL_TABLES).flatMap((table) => [...table.codes]));
const PLAN_CODE = /^(MR|YR|Y1|Y3|M[1-6]|W2)_[A-Z]+/;

async function post<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await request.post(path, {
    data,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** An account made by the operator, signed in on the site: its uid and ID token. */
async function customer(request: APIRequestContext, name: string, email: string) {
  const operator = await operatorToken(request);
  const { result } = await post<{ result: { uid: string } }>(
    request,
    '/auth/admin-user-create',
    { info: { name, email, password: 'readable-pass1', language: 'ko' } },
    operator,
  );
  const { session } = await post<{ session: { idToken: string } }>(request, '/auth/v2/sign-in', {
    email,
    password: 'readable-pass1',
    clientType: 'landing',
    language: 'ko',
  });
  return { uid: result.uid, token: session.idToken };
}

/** A pass bought in won on the sandbox checkout by `payMethod` on its channel: what it took. */
async function buyPass(
  page: Page,
  request: APIRequestContext,
  buyer: { token: string; name: string; email: string },
  planName: string,
  channel: { payMethod: 'card' | 'phone'; pg: string },
): Promise<{ merchantUid: string; amount: number }> {
  const { sessionInfo } = await post<{ sessionInfo: { guid: string; price: { finalPrice: number } } }>(
    request,
    '/payment/create-init-payment',
    { clientType: 'landing', language: 'ko', planName },
    buyer.token,
  );
  const order = await post<{ merchantUid: string; checkoutMerchantUid: string; amount: number }>(
    request,
    '/payment/insert-payment-progress',
    {
      guid: sessionInfo.guid,
      price: sessionInfo.price.finalPrice,
      planName,
      ...channel,
      currency: 'KRW',
      isTest: false,
      userName: buyer.name,
      userEmail: buyer.email,
      userPhone: `+8210${String(Date.now()).slice(-8)}`,
    },
  );
  const checkout = new URLSearchParams({
    pg: channel.pg,
    pay_method: channel.payMethod,
    merchant_uid: order.checkoutMerchantUid,
    name: planName,
    amount: String(order.amount),
    currency: 'KRW',
    m_redirect_url: new URL('/ko/refund-policy', test.info().project.use.baseURL).href,
  });
  await page.goto(`/_local/payments/checkout?${checkout}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/ko\/refund-policy\?/);
  const confirmed = await post<{ result: string }>(request, '/payment/get-payment-result', {
    guid: sessionInfo.guid,
    merchantUid: order.merchantUid,
  });
  expect(confirmed.result).toBe('success');
  return { merchantUid: order.merchantUid, amount: order.amount };
}

/** The customer's own refund of a pass (its estimate, through the payment's own way back). */
async function refundOwnPass(request: APIRequestContext, token: string): Promise<number> {
  const { guid } = await post<{ guid: string }>(
    request,
    '/payment/create-user-refund',
    { clientType: 'desktop', language: 'ko' },
    token,
  );
  const { result } = await post<{ result: { estimatedRefundPrice: number } }>(
    request,
    '/payment/user-refund-info',
    { guid },
  );
  await post(request, '/payment/cancel-payment-user', {
    guid,
    price: result.estimatedRefundPrice,
    reason: '필요하지 않게 되었습니다',
    refundSource: 'portone',
    agreed: true,
  });
  return result.estimatedRefundPrice;
}

/**
 * What the page shows that a person cannot read: a table cell of one line (an amount, a date, an id, a
 * code, or text that is an amount or a date) drawn on more than one, a code of the label tables or a plan
 * code outside a `<code>`, and a page wider than the window.
 */
async function unreadable(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ codes, planCode }) => {
      const problems: string[] = [];
      const linesOf = (element: Element): number => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const rects = [...range.getClientRects()]
          .filter((rect) => rect.width > 0 && rect.height > 0)
          .sort((a, b) => a.top - b.top);
        let lines = 0;
        let bottom = Number.NEGATIVE_INFINITY;
        // Boxes of one line overlap vertically (a smaller code beside a label sits lower, on the same line).
        for (const rect of rects) {
          if (rect.top >= bottom - 1) lines += 1;
          bottom = Math.max(bottom, rect.bottom);
        }
        return lines;
      };
      const ONE_LINE = ['amount', 'count', 'date', 'id', 'code'];
      const LOOKS_ONE_LINE = /^(₩|¥|US\$)[\d,.]+$|^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
      for (const cell of document.querySelectorAll('main tbody :is(td, th)')) {
        const value = cell.querySelector(':scope > .console-cell') ?? cell;
        const text = value.textContent?.trim() ?? '';
        if (!text) continue;
        const kind = cell.getAttribute('data-kind') ?? '';
        if ((ONE_LINE.includes(kind) || LOOKS_ONE_LINE.test(text)) && linesOf(value) > 1)
          problems.push(`${kind || 'cell'} "${text}" takes ${linesOf(value)} lines`);
      }
      const known = new Set(codes);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('code, script, style, select, textarea')) continue;
        for (const token of (node.textContent ?? '').split(/[\s,;:()[\]{}"'·→/|]+/))
          if (known.has(token) || new RegExp(planCode).test(token)) problems.push(`bare code "${token}"`);
      }
      if (document.documentElement.scrollWidth > window.innerWidth)
        problems.push(
          `page ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`,
        );
      return [...new Set(problems)];
    },
    { codes: [...CODES], planCode: PLAN_CODE.source },
  );
}

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
  expect(await unreadable(page), `${path} at 1400 px`).toEqual([]);
  expect(await seriousViolations(page), path).toEqual([]);
  await page.setViewportSize({ width: 360, height: 780 });
  await ready(page);
  await expect.poll(() => unreadable(page), { message: `${path} at 360 px` }).toEqual([]);
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
