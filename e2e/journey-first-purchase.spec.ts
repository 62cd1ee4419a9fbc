import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { operatorToken } from './console-helpers.ts';
import {
  fillOrderForm,
  type Lang,
  PLANS,
  payOnCheckout,
  planText,
  providerPayments,
  signInInModal,
  text,
} from './journey-helpers.ts';
import { newAccount, PASSWORD } from './order-helpers.ts';
import { PASSWORD as SUBSCRIBER_PASSWORD, subscriber } from './subscriber-helpers.ts';

/**
 * The first purchase as one flow in the app (issue 36): from the pricing page's start to a paid plan, the
 * order page opens by the router with what the start answered (no page load of ours before the provider's
 * checkout), each read of a page is made once, and the customer waits on the fewest calls: sign-in (when
 * not signed in), start-payment, pay-order, then the confirmation after the checkout. Each journey asserts
 * the list of calls its page made, so a call added to the path, a read made twice or a step that loads a
 * whole page fails it; and it ends with what was charged (the sandbox's record) and granted (the account's
 * plan as the billing page reads it). Desktop and 360 px, Korean and English, spread over the journeys.
 */

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 360, height: 740 };

/** Calls a page makes that nobody waits on: the analytics buffer, flushed every second and by beacon. */
const NEVER_AWAITED = new Set(['POST /payment/analytics-v2']);
/** The reads every page of a visit may need, asked once per visit (the header's, the footer's, geoip). */
const VISIT_READS = ['POST /auth/v2/refresh-token', 'POST /operator/latest', 'POST /auth/geoip'];

/** What a journey's page asked of the API, in order, and which of our pages it loaded as documents. */
function watchFlow(page: Page) {
  const calls: string[] = [];
  const documents: string[] = [];
  page.on('request', (request) => {
    // Everything is this runtime's: the site, its API, and the payment sandbox under /_local/.
    const url = new URL(request.url());
    if (url.pathname.startsWith('/_local/') || url.pathname.startsWith('/assets/')) return;
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents.push(url.pathname);
      return;
    }
    if (/^\/(auth|payment|operator|cowork)\//.test(url.pathname)) {
      const call = `${request.method()} ${url.pathname}`;
      if (!NEVER_AWAITED.has(call)) calls.push(call);
    }
  });
  return {
    documents,
    /** The calls of the flow's steps, in order (the visit's reads apart). */
    path: () => calls.filter((call) => !VISIT_READS.includes(call)),
    count: (call: string) => calls.filter((made) => made === call).length,
    /** No read of the visit twice: each at most once, whatever pages the flow showed. */
    expectVisitReadsOnce() {
      for (const read of VISIT_READS) expect(this.count(read), read).toBeLessThanOrEqual(1);
    },
  };
}

/** The start button of a plan on the pricing page, in the layout shown (cards at 360 px, the table else). */
async function pressStart(page: Page, lang: Lang, planName: string, planType: string) {
  const label = `${text(lang, 'pricing', 'start.start')}: ${text(lang, 'common', `plan_type.${planType}`)}`;
  await page.locator(`[data-plan="${planName}"]:visible`).getByRole('button', { name: label }).click();
}

/** The pricing page's tab (pressed until selected: the page is pre-rendered, hydration makes it work). */
async function chooseTab(page: Page, lang: Lang, tab: 'annual' | 'fixedterm') {
  const button = page.getByRole('tab', { name: text(lang, 'pricing', `tab.${tab}`) });
  await expect(async () => {
    await button.click();
    await expect(button).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Nothing on the page scrolls sideways at the width it is shown. */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/** The plan the account holds now, as its billing page reads it. */
async function planOf(request: APIRequestContext, email: string, password = PASSWORD) {
  const signIn = await request.post('/auth/v2/sign-in', {
    data: { email, password, clientType: 'desktop', language: 'en' },
  });
  const token = ((await signIn.json()) as { session: { idToken: string } }).session.idToken;
  const billing = await request.get('/payment/user-billing', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await billing.json()) as { result: { plan: { planName: string } | null } }).result.plan;
}

/** On the order page the start opened: the plan and price shown, the form filled, paid at the checkout. */
async function payOnOrderPage(
  page: Page,
  purchase: (typeof PLANS)[keyof typeof PLANS],
  phone: string,
  options: { shown?: string; confirmPhone?: boolean } = {},
) {
  const { lang } = purchase;
  const shown = options.shown ?? purchase.shown;
  // The order page's code loads with the navigation (or earlier, on intent), which a busy machine delays.
  await expect(page.getByText(planText(lang, purchase.planType, purchase.period)).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('order-total')).toHaveText(shown);
  await expectNoSidewaysScroll(page);
  await fillOrderForm(page, lang, { method: 'card', phone });
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price: shown }) }).click();
  if (options.confirmPhone) {
    const question = page.getByRole('dialog');
    await expect(question).toContainText(
      text(lang, 'order', 'contact.phone_used', { email: '' }).split('(')[0] ?? '',
    );
    await question.getByRole('button', { name: text(lang, 'order', 'common_actions.continue') }).click();
  }
  await payOnCheckout(page);
  await expect(page).toHaveURL(new RegExp(`/${lang}/payment/result/success\\?guid=`), { timeout: 20_000 });
  await expect(page.getByText(text(lang, 'payment-result', 'success.paid', { price: shown }))).toBeVisible();
}

/** What the sandbox took and the account holds: exactly one payment of `amount`, the plan granted. */
async function expectPaidAndGranted(
  request: APIRequestContext,
  email: string,
  purchase: { planName: string; amount: number; currency: string },
) {
  const [payment, ...more] = await providerPayments(request, email);
  expect(more).toEqual([]);
  expect(payment).toMatchObject({ status: 'paid', amount: purchase.amount, currency: purchase.currency });
  expect((await planOf(request, email))?.planName).toBe(purchase.planName);
}

/** Who presses start: a visitor not signed in (the sign-in dialog asks), or one signed in on the site before. */
const FIRST_PURCHASES: Array<{
  purchase: (typeof PLANS)['koStandard' | 'enStandard'];
  viewport: typeof DESKTOP;
  signedIn: boolean;
  phone: string;
}> = [
  { purchase: PLANS.koStandard, viewport: DESKTOP, signedIn: false, phone: '010-4360-0001' },
  { purchase: PLANS.enStandard, viewport: PHONE, signedIn: false, phone: '415 555 0361' },
  { purchase: PLANS.enStandard, viewport: DESKTOP, signedIn: true, phone: '415 555 0362' },
  { purchase: PLANS.koStandard, viewport: PHONE, signedIn: true, phone: '010-4360-0002' },
];

for (const { purchase, viewport, signedIn, phone } of FIRST_PURCHASES) {
  const who = signedIn
    ? 'a visitor already signed in starts with the session they have, no sign-in asked'
    : 'a visitor not signed in signs in at the start and pays, the order page opened in the app';
  test(`${purchase.lang} at ${viewport.width} px: ${who}`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { lang } = purchase;
    await page.setViewportSize(viewport);
    const email = await newAccount(request, lang);
    if (signedIn) {
      // Signed in on the site before: the browser holds the site's refresh cookie.
      const answer = await page.request.post('/auth/v2/sign-in', {
        data: { email, password: PASSWORD, clientType: 'landing', language: lang },
      });
      expect(answer.ok()).toBe(true);
    }
    const flow = watchFlow(page);
    await page.goto(`/${lang}/payment/pricepolicy`);
    await pressStart(page, lang, purchase.planName, purchase.planType);
    if (!signedIn) await signInInModal(page, lang, email);
    await expect(page).toHaveURL(new RegExp(`/${lang}/payment/order/subscription\\?guid=[\\w-]+$`), {
      timeout: 15_000,
    });
    await payOnOrderPage(page, purchase, phone);

    // One page load of ours before the provider's checkout (the pricing page), one after (its return).
    expect(flow.documents).toEqual([`/${lang}/payment/pricepolicy`, `/${lang}/payment/result/pending`]);
    // Signed in, no sign-in: the start used the session the header's check read (once for the whole visit).
    expect(flow.path()).toEqual([
      ...(signedIn ? [] : ['POST /auth/v2/sign-in']),
      'POST /payment/start-payment',
      'POST /payment/pay-order',
      'POST /payment/create-billing-key-payment',
    ]);
    if (signedIn) expect(flow.count('POST /auth/v2/refresh-token')).toBe(1);
    flow.expectVisitReadsOnce();
    await expectPaidAndGranted(request, email, purchase);
  });
}

test('ko at 360 px: a reload of the order page mid-flow reads it once, by its loader, and the purchase goes on', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const purchase = PLANS.koStandard;
  await page.setViewportSize(PHONE);
  const email = await newAccount(request, 'ko');
  const flow = watchFlow(page);
  await page.goto('/ko/payment/pricepolicy');
  await pressStart(page, 'ko', purchase.planName, purchase.planType);
  await signInInModal(page, 'ko', email);
  await expect(page).toHaveURL(/\/ko\/payment\/order\/subscription\?guid=[\w-]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('order-total')).toHaveText(purchase.shown);
  await page.reload();
  await payOnOrderPage(page, purchase, '010-4360-0003');

  expect(flow.documents).toEqual([
    '/ko/payment/pricepolicy',
    '/ko/payment/order/subscription',
    '/ko/payment/result/pending',
  ]);
  expect(flow.path()).toEqual([
    'POST /auth/v2/sign-in',
    'POST /payment/start-payment',
    'POST /payment/get-order-page',
    'POST /payment/pay-order',
    'POST /payment/create-billing-key-payment',
  ]);
  flow.expectVisitReadsOnce();
  await expectPaidAndGranted(request, email, purchase);
});

test('en on a desktop: a phone number another account paid with asks first; confirmed, the purchase goes on', async ({
  page,
  request,
  browser,
}) => {
  // Two purchases (the other account's and this one) and their password hashing on a shared machine.
  test.setTimeout(150_000);
  const purchase = PLANS.enStandard;
  const phone = '415 555 0364';
  // Another account paid with the number (its own browser: the sandbox checkout).
  const other = await browser.newPage();
  await subscriber(other, request, '+14155550364');
  await other.close();

  const email = await newAccount(request, 'en');
  const flow = watchFlow(page);
  await page.goto('/en/payment/pricepolicy');
  await pressStart(page, 'en', purchase.planName, purchase.planType);
  await signInInModal(page, 'en', email);
  await expect(page).toHaveURL(/\/en\/payment\/order\/subscription\?guid=/, { timeout: 15_000 });
  await payOnOrderPage(page, purchase, phone, { confirmPhone: true });

  expect(flow.documents).toEqual(['/en/payment/pricepolicy', '/en/payment/result/pending']);
  // The pay command answered the number's use; the confirmed press sent it again, without the check.
  expect(flow.path()).toEqual([
    'POST /auth/v2/sign-in',
    'POST /payment/start-payment',
    'POST /payment/pay-order',
    'POST /payment/pay-order',
    'POST /payment/create-billing-key-payment',
  ]);
  await expectPaidAndGranted(request, email, purchase);
});

test('ko on a desktop: a coupon applied on the order page, the discounted price charged', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const purchase = PLANS.koStandard;
  const token = await operatorToken(request);
  const couponCode = `J36${String(Date.now()).slice(-7)}`;
  const admin = async (path: string, data: Record<string, unknown>) =>
    expect(
      (await request.post(`/payment/${path}`, { data, headers: { authorization: `Bearer ${token}` } })).ok(),
    ).toBe(true);
  const startsAt = Date.now() + 2_000;
  await admin('admin-create-coupon', {
    couponCode,
    name: 'Journey 36',
    totalAmount: 5,
    startedAt: new Date(startsAt).toISOString(),
    expiredAt: new Date(startsAt + 86_400_000).toISOString(),
  });
  await admin('admin-create-coupon-discount-info', { couponCode, planName: purchase.planName, rate: 50 });

  const email = await newAccount(request, 'ko');
  const flow = watchFlow(page);
  await page.goto('/ko/payment/pricepolicy');
  await pressStart(page, 'ko', purchase.planName, purchase.planType);
  await signInInModal(page, 'ko', email);
  await expect(page).toHaveURL(/\/ko\/payment\/order\/subscription\?guid=/, { timeout: 15_000 });
  await page.waitForTimeout(Math.max(0, startsAt - Date.now() + 200));
  await page.getByRole('textbox', { name: text('ko', 'order', 'coupon.input_label') }).fill(couponCode);
  await page.getByRole('button', { name: text('ko', 'order', 'coupon.apply'), exact: true }).click();
  await expect(page.getByText('Journey 36')).toBeVisible();
  await payOnOrderPage(page, purchase, '010-4360-0005', { shown: '₩9,950' });

  expect(flow.documents).toEqual(['/ko/payment/pricepolicy', '/ko/payment/result/pending']);
  expect(flow.path()).toEqual([
    'POST /auth/v2/sign-in',
    'POST /payment/start-payment',
    'POST /payment/check-valid-coupon',
    'POST /payment/register-payment-session-coupon',
    'POST /payment/pay-order',
    'POST /payment/create-billing-key-payment',
  ]);
  await expectPaidAndGranted(request, email, { ...purchase, amount: 9950 });
});

test('en at 360 px: a subscriber’s start leads in the app to the upgrade order, paid on the plan’s card', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  const { email } = await subscriber(page, request, '+14155550366');
  await page.context().clearCookies();
  const flow = watchFlow(page);
  await page.goto('/en/payment/pricepolicy');
  await chooseTab(page, 'en', 'annual');
  await pressStart(page, 'en', 'YR_STANDARD_V3', 'STANDARD');
  await signInInModal(page, 'en', email, SUBSCRIBER_PASSWORD);
  await expect(page).toHaveURL(
    /\/en\/payment\/upgrade\/order\/subscription\?guid=[\w-]+&plan=YR_STANDARD_V3$/,
    {
      timeout: 15_000,
    },
  );
  await expect(page.locator('.order-price-lines')).toContainText(planText('en', 'STANDARD', 'ANNUAL'));
  await expectNoSidewaysScroll(page);
  const total = ((await page.getByTestId('order-total').textContent()) ?? '').replace('−', '');
  for (const box of await page.locator('#upgrade-final-confirmation input[type=checkbox]').all())
    await box.check();
  await page.getByRole('button', { name: text('en', 'upgrade', 'pay', { price: total }) }).click();
  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 20_000 });

  // No page load at all: the upgrade is charged on the plan's card, without a checkout.
  expect(flow.documents).toEqual(['/en/payment/pricepolicy']);
  expect(flow.path().slice(0, 2)).toEqual(['POST /auth/v2/sign-in', 'POST /payment/start-payment']);
  expect(flow.count('POST /payment/create-init-payment')).toBe(0);
  expect(flow.count('POST /payment/create-init-plan-upgrade')).toBe(0);
  const [, upgrade, ...more] = await providerPayments(request, email);
  expect(more).toEqual([]);
  expect(upgrade).toMatchObject({
    status: 'paid',
    amount: Number(total.replace(/[^\d.]/g, '')),
    currency: 'USD',
  });
  expect((await planOf(request, email, SUBSCRIBER_PASSWORD))?.planName).toBe('YR_STANDARD_V3');
});
