import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  buyFromPricing,
  expectInConsole,
  type Lang,
  PLANS,
  planText,
  providerPayments,
  sessionFromApp,
  startOnPricing,
  text,
  userInConsole,
} from './journey-helpers.ts';

/**
 * Upgrades followed to the end (issue 12, points 1 and 2): a subscriber who bought on the pricing page
 * upgrades from the pricing page, signed out, or from the upgrade session the app opens
 * (create-init-plan-upgrade, `?guid=`). The upgrade order is for exactly the plan pressed, its price is
 * the new plan's less the credit the page shows, the plan's billing key is charged that amount in the
 * plan's currency, and the console shows the new plan and the old one ended.
 */

/** Figures as the upgrade order page shows them ("US$18.00" and 18). */
async function shownAmount(page: Page, testId: string): Promise<{ shown: string; amount: number }> {
  const shown = ((await page.getByTestId(testId).textContent()) ?? '').replace('−', '');
  return { shown, amount: Number(shown.replace(/[^\d.]/g, '')) };
}

/** Pays on the upgrade order page: both final confirmations, then the charge on the plan's payment. */
async function payUpgrade(page: Page, request: APIRequestContext, lang: Lang, email: string) {
  const total = await shownAmount(page, 'order-total');
  for (const box of await page.locator('#upgrade-final-confirmation input[type=checkbox]').all())
    await box.check();
  await page.getByRole('button', { name: text(lang, 'upgrade', 'pay', { price: total.shown }) }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/payment/result/success\\?guid=`), { timeout: 15_000 });
  await expect(
    page.getByText(text(lang, 'payment-result', 'success.paid', { price: total.shown })),
  ).toBeVisible();
  const [, upgrade, ...more] = await providerPayments(request, email);
  expect(more).toEqual([]);
  return { total, upgrade: upgrade as NonNullable<typeof upgrade> };
}

test('a Japanese subscriber upgrades from the pricing page: Light to Standard, paid in yen less the credit', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const lang = 'ja';
  const { email, payment: first } = await buyFromPricing(page, request, {
    ...PLANS.jaLight,
    phone: '090-4100-0005',
  });
  await page.context().clearCookies();

  await startOnPricing(page, { lang, email, planType: 'STANDARD' });
  await expect(page).toHaveURL(
    /\/ja\/payment\/upgrade\/order\/subscription\?guid=[\w-]+&plan=MR_STANDARD_V3$/,
    {
      timeout: 15_000,
    },
  );
  await expect(page.getByTestId('upgrade-current-plan')).toHaveText(planText(lang, 'LIGHT', 'MONTHLY'));
  await expect(page.locator('.order-price-lines')).toContainText(planText(lang, 'STANDARD', 'MONTHLY'));
  const credit = await shownAmount(page, 'upgrade-credit');
  expect(credit.amount).toBeGreaterThan(0);
  const { total, upgrade } = await payUpgrade(page, request, lang, email);
  expect(total.amount).toBe(2200 - credit.amount);
  expect(upgrade).toMatchObject({
    status: 'paid',
    amount: total.amount,
    currency: 'JPY',
    customer_uid: first.customer_uid,
  });

  const console = await userInConsole(browser, request, email);
  await expectInConsole(console, {
    validPlan: 'MR_STANDARD_V3',
    planName: 'MR_STANDARD_V3',
    planStatus: 'PAID',
    amount: total.amount,
    currency: 'JPY',
    merchantUid: upgrade.merchant_uid,
  });
  await expect(
    console.getByRole('region', { name: 'Plans' }).getByRole('row', { name: /MR_LIGHT_V3/ }),
  ).toContainText('UNSCHEDULED');
});

test('the app’s upgrade session: the current and lower plans disabled with their reasons, monthly Business offered and ordered exactly', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const lang = 'en';
  const { email } = await buyFromPricing(page, request, { ...PLANS.enStandard, phone: '415 555 0306' });
  // The app opens the upgrade session and the upgrade pricing page with its guid (no price version).
  const guid = await sessionFromApp(request, email, '/payment/create-init-plan-upgrade');
  await page.goto(`/${lang}/payment/upgrade/pricepolicy?guid=${guid}`);

  const column = (planName: string) => page.locator(`th[data-plan="${planName}"]`);
  const reason = (key: string) => text(lang, 'pricing', `upgrade.${key}`);
  await expect(column('MR_LIGHT_V3').getByRole('button')).toBeDisabled();
  await expect(column('MR_LIGHT_V3').locator('[role="tooltip"]')).toHaveText(
    reason('can_not_change_to_lower_plan'),
  );
  await expect(column('MR_STANDARD_V3').getByRole('button')).toBeDisabled();
  await expect(column('MR_STANDARD_V3').locator('[role="tooltip"]')).toHaveText(reason('current_plan'));
  const business = column('MR_BUSINESS_V3').getByRole('button', {
    name: `${text(lang, 'pricing', 'start.upgrade')}: ${text(lang, 'common', 'plan_type.BUSINESS')}`,
  });
  await expect(business).toBeEnabled();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
    [],
  );
  await page.getByRole('tab', { name: text(lang, 'pricing', 'tab.annual') }).click();
  await expect(column('YR_LIGHT_V3').locator('[role="tooltip"]')).toHaveText(
    reason('can_not_change_to_lower_plan'),
  );
  await expect(column('YR_STANDARD_V3').getByRole('button')).toBeEnabled();
  await page.getByRole('tab', { name: text(lang, 'pricing', 'tab.monthly') }).click();

  await business.click();
  await expect(page).toHaveURL(
    new RegExp(`/${lang}/payment/upgrade/order/subscription\\?guid=${guid}&plan=MR_BUSINESS_V3$`),
  );
  await expect(page.getByTestId('upgrade-current-plan')).toHaveText(planText(lang, 'STANDARD', 'MONTHLY'));
  await expect(page.locator('.order-price-lines')).toContainText(planText(lang, 'BUSINESS', 'MONTHLY'));
  const credit = await shownAmount(page, 'upgrade-credit');
  const { total, upgrade } = await payUpgrade(page, request, lang, email);
  expect(Math.round((35.99 - credit.amount) * 100) / 100).toBe(total.amount);
  expect(upgrade).toMatchObject({ status: 'paid', amount: total.amount, currency: 'USD' });

  const console = await userInConsole(browser, request, email);
  await expectInConsole(console, {
    validPlan: 'MR_BUSINESS_V3',
    planName: 'MR_BUSINESS_V3',
    planStatus: 'PAID',
    amount: total.amount,
    currency: 'USD',
    merchantUid: upgrade.merchant_uid,
  });
});

test('an upgrade order names the plan pressed: a plan the session cannot go to is refused, not swapped', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email } = await buyFromPricing(page, request, { ...PLANS.enStandard, phone: '415 555 0307' });
  const guid = await sessionFromApp(request, email, '/payment/create-init-plan-upgrade');
  await page.goto(`/en/payment/upgrade/order/subscription?guid=${guid}&plan=MR_LIGHT_V3`);
  await expect(page.getByRole('alert')).toContainText('L31');
  await expect(page.getByTestId('order-total')).toHaveCount(0);
  await page.getByRole('link', { name: text('en', 'upgrade', 'to_upgrade_pricing') }).click();
  await expect(page).toHaveURL(new RegExp(`/en/payment/upgrade/pricepolicy\\?guid=${guid}$`));
});
