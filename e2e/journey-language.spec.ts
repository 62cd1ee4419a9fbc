import { expect, test } from '@playwright/test';
import {
  buyFromPricing,
  expectInConsole,
  fillOrderForm,
  PLANS,
  payOnCheckout,
  planText,
  providerPayments,
  sessionFromApp,
  startOnPricing,
  text,
  userInConsole,
} from './journey-helpers.ts';
import { newAccount } from './order-helpers.ts';

/**
 * The language change on an order or upgrade page (issue 12, point 9): the session follows the page's
 * language. The page is shown again under the other language's prefix with the same query (the way the
 * site's language switch navigates), and what is charged, the wallet offer and the currency option are
 * the new language's; an upgrade keeps its plan's currency and shows its upgrade data again.
 */
test('an order started in English and finished in Korean is offered the wallet and charged in won', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(request, 'en');
  await startOnPricing(page, { lang: 'en', email, planType: 'STANDARD' });
  await expect(page).toHaveURL(/\/en\/payment\/order\/subscription\?guid=/, { timeout: 15_000 });
  await expect(page.getByTestId('order-total')).toHaveText('US$17.99');
  await expect(
    page.getByRole('radio', { name: text('en', 'pay-methods', 'naver_pay'), exact: true }),
  ).toHaveCount(0);

  // The currency option is asked again for the new language, with the order page's one read (issue 36).
  const lookup = page.waitForRequest(
    (sent) => sent.url().endsWith('/payment/get-order-page') && sent.postDataJSON().language === 'ko',
  );
  await page.goto(page.url().replace('/en/', '/ko/'));
  await lookup;
  await expect(page.getByTestId('order-total')).toHaveText('₩19,900');
  await expect(page.getByText(planText('ko', 'STANDARD', 'MONTHLY')).first()).toBeVisible();
  await expect(
    page.getByRole('radio', { name: text('ko', 'pay-methods', 'naver_pay'), exact: true }),
  ).toBeVisible();

  await fillOrderForm(page, 'ko', { method: 'card', phone: '010-4100-0031' });
  await page.getByRole('button', { name: text('ko', 'order', 'pay', { price: '₩19,900' }) }).click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  const [payment] = await providerPayments(request, email);
  expect(payment).toMatchObject({ status: 'paid', amount: 19900, currency: 'KRW' });
  const console = await userInConsole(browser, request, email);
  await expectInConsole(console, {
    validPlan: 'MR_STANDARD_V3',
    planName: 'MR_STANDARD_V3',
    planStatus: 'PAID',
    amount: 19900,
    currency: 'KRW',
    merchantUid: (payment as { merchant_uid: string }).merchant_uid,
  });
});

test('upgrade pages in Korean show the plan’s dollars; switched to Korean, the upgrade is in Korean and charged in dollars', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email } = await buyFromPricing(page, request, { ...PLANS.enStandard, phone: '415 555 0332' });
  const guid = await sessionFromApp(request, email, '/payment/create-init-plan-upgrade');
  // The upgrade pricing in Korean shows the plan's currency, the one the upgrade is paid in.
  await page.goto(`/ko/payment/upgrade/pricepolicy?guid=${guid}`);
  await expect(page.locator('th[data-plan="MR_BUSINESS_V3"]')).toContainText('US$35.99');
  await page.goto(`/en/payment/upgrade/pricepolicy?guid=${guid}`);
  await page.locator('th[data-plan="MR_BUSINESS_V3"]').getByRole('button').click();
  await expect(page).toHaveURL(/\/en\/payment\/upgrade\/order\/subscription\?/);
  await expect(page.getByTestId('upgrade-current-plan')).toHaveText(planText('en', 'STANDARD', 'MONTHLY'));

  await page.goto(page.url().replace('/en/', '/ko/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ko', 'upgrade', 'title'));
  await expect(page.getByTestId('upgrade-current-plan')).toHaveText(planText('ko', 'STANDARD', 'MONTHLY'));
  await expect(page.locator('.order-price-lines')).toContainText(planText('ko', 'BUSINESS', 'MONTHLY'));
  // The session, and so the upgrade order and its renewals' mails, now speak Korean.
  const session = await request.post('/payment/get-payment-session-info', { data: { guid } });
  expect((await session.json()).sessionInfo).toMatchObject({ language: 'ko', currency: 'USD' });
  const total = (await page.getByTestId('order-total').textContent()) as string;
  expect(total).toMatch(/^US\$\d+\.\d\d$/);
  for (const box of await page.locator('#upgrade-final-confirmation input[type=checkbox]').all())
    await box.check();
  await page.getByRole('button', { name: text('ko', 'upgrade', 'pay', { price: total }) }).click();
  await expect(page).toHaveURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  const [, upgrade] = await providerPayments(request, email);
  expect(upgrade).toMatchObject({ status: 'paid', amount: Number(total.slice(3)), currency: 'USD' });
});
