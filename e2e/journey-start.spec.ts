import { expect, test } from '@playwright/test';
import {
  fillOrderForm,
  type Lang,
  passHolder,
  payOnCheckout,
  planText,
  startOnPricing,
  text,
} from './journey-helpers.ts';
import { newAccount } from './order-helpers.ts';
import { PASSWORD as SUBSCRIBER_PASSWORD, subscriber } from './subscriber-helpers.ts';

/**
 * Where the pricing page's start button leads, followed to the end (issue 12, point 1): a visitor
 * signed out presses a plan's start button and signs in; a new customer lands on the order page of
 * exactly that plan, in the page's language and currency; a subscriber on the upgrade pages; a pass
 * holder is stopped. After a declined card, "Back to pricing" leads to the order again.
 */
const START_LANGUAGES: Array<{ lang: Lang; total: string }> = [
  { lang: 'ko', total: '₩19,900' },
  { lang: 'en', total: 'US$17.99' },
  { lang: 'ja', total: '¥2,200' },
  { lang: 'es', total: 'US$17.99' },
  { lang: 'zh-TW', total: 'US$17.99' },
];

for (const { lang, total } of START_LANGUAGES) {
  test(`${lang}: a new customer's start leads through sign-in to the order of the plan chosen`, async ({
    page,
    request,
  }) => {
    const email = await newAccount(request, lang);
    await startOnPricing(page, { lang, email, planType: 'STANDARD' });
    await expect(page).toHaveURL(new RegExp(`/${lang}/payment/order/subscription\\?guid=[\\w-]+$`), {
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(lang, 'order', 'title.subscription'),
    );
    await expect(page.getByText(planText(lang, 'STANDARD', 'MONTHLY')).first()).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(total);
  });
}

test('a subscriber’s start leads to the upgrade order of the plan chosen, or to the upgrade pricing for a lower one', async ({
  page,
  request,
}) => {
  // A purchase and two sign-ins (password hashing) on a shared machine.
  test.setTimeout(90_000);
  const { email } = await subscriber(page, request, '+14155550310');
  await page.context().clearCookies();

  // Monthly Standard may go to annual Standard: straight to its upgrade order.
  await startOnPricing(page, {
    lang: 'en',
    email,
    password: SUBSCRIBER_PASSWORD,
    planType: 'STANDARD',
    tab: 'annual',
  });
  await expect(page).toHaveURL(
    /\/en\/payment\/upgrade\/order\/subscription\?guid=[\w-]+&plan=YR_STANDARD_V3$/,
    {
      timeout: 15_000,
    },
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'upgrade', 'title'));
  await expect(page.getByTestId('upgrade-current-plan')).toHaveText(planText('en', 'STANDARD', 'MONTHLY'));
  await expect(page.locator('.order-price-lines')).toContainText(planText('en', 'STANDARD', 'ANNUAL'));

  // Monthly Light is lower: the upgrade pricing of the session, where it is disabled with its reason.
  await page.context().clearCookies();
  await startOnPricing(page, { lang: 'en', email, password: SUBSCRIBER_PASSWORD, planType: 'LIGHT' });
  await expect(page).toHaveURL(/\/en\/payment\/upgrade\/pricepolicy\?guid=[\w-]+$/, { timeout: 15_000 });
  const light = page.locator('th[data-plan="MR_LIGHT_V3"]');
  await expect(light.getByRole('button')).toBeDisabled();
  await expect(light.locator('[role="tooltip"]')).toHaveText(
    text('en', 'pricing', 'upgrade.can_not_change_to_lower_plan'),
  );
});

test('a pass holder’s start stops with the term-pass message', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = await passHolder(request);
  await startOnPricing(page, { lang: 'en', email, planType: 'STANDARD' });
  await expect(page.getByText(text('en', 'auth', 'payment.using_term_pass'))).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/en\/payment\/pricepolicy\?/);
});

test('after a declined card, "Back to pricing" leads to the order again, not to another sign-in', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await newAccount(request, 'en');
  await startOnPricing(page, { lang: 'en', email, planType: 'LIGHT' });
  await expect(page).toHaveURL(/\/en\/payment\/order\/subscription\?guid=/, { timeout: 15_000 });
  const guid = new URL(page.url()).searchParams.get('guid');
  await fillOrderForm(page, 'en', { method: 'card', phone: '415 555 0311' });
  await page.getByRole('button', { name: text('en', 'order', 'pay', { price: 'US$8.99' }) }).click();
  await payOnCheckout(page, /4000 0000 0000 0001/);
  await expect(page).toHaveURL(/\/en\/payment\/result\/fail\?guid=/, { timeout: 15_000 });

  await page.getByRole('link', { name: text('en', 'payment-result', 'fail.retry') }).click();
  await expect(page).toHaveURL(new RegExp(`/en/payment/pricepolicy\\?guid=${guid}$`));
  await page
    .locator('th')
    .getByRole('button', {
      name: `${text('en', 'pricing', 'start.start')}: ${text('en', 'common', 'plan_type.STANDARD')}`,
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`/en/payment/order/subscription\\?guid=${guid}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText('US$17.99');
  await fillOrderForm(page, 'en', { method: 'card', phone: '415 555 0311' });
  await page.getByRole('button', { name: text('en', 'order', 'pay', { price: 'US$17.99' }) }).click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(
    page.getByText(text('en', 'payment-result', 'success.paid', { price: 'US$17.99' })),
  ).toBeVisible();
});
