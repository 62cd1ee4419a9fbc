import { expect, test } from '@playwright/test';
import { formatPrice } from '../shared/currency.ts';
import {
  buyFromPricing,
  expectInConsole,
  PLANS,
  payOnCheckout,
  providerPayments,
  sessionFromApp,
  text,
  userInConsole,
} from './journey-helpers.ts';

/**
 * What a customer who bought on the pricing page does next, followed to the end: a change of card, a
 * usage eraser and a refund, each opened the way the product opens it (the app's session guid), each
 * ending with what the provider took or gave back and what the operator sees in the console.
 */

test('a subscriber changes the card: the plan renews on the new billing key, nothing is charged', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  // Bought in won: a dollar subscription's channel (Paymentwall) issues no key without a payment, so
  // its plans have no card to change.
  const { email, payment } = await buyFromPricing(page, request, {
    ...PLANS.koStandard,
    phone: '010-4100-0320',
  });
  const guid = await sessionFromApp(request, email, '/payment/create-init-payment', { isChangeCard: true });
  await page.goto(`/en/payment/change-card?guid=${guid}`);
  await page.getByRole('button', { name: text('en', 'change-card', 'button') }).click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(/\/en\/payment\/change-card\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('en', 'change-card', 'success.title'),
  );

  // Nothing was charged; the provider holds the new key and no longer the old one.
  expect(await providerPayments(request, email)).toHaveLength(1);
  const keys = (
    (await (await request.get('/_local/payments.json')).json()) as {
      billingKeys: Array<{ customer_uid: string; customer_email: string | null }>;
    }
  ).billingKeys.filter((key) => key.customer_email === email);
  const [newKey, ...others] = keys;
  expect(others).toEqual([]);
  expect(newKey?.customer_uid).not.toBe(payment.customer_uid);

  const console = await userInConsole(browser, request, email);
  const plan = console.getByRole('region', { name: 'Plans' }).getByRole('row', { name: /MR_STANDARD_V3/ });
  await expect(plan).toContainText(newKey?.customer_uid as string);
  await expect(plan).toContainText('PAID');
});

test('a Korean Standard subscriber buys a usage eraser in won', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const lang = 'ko';
  const { email } = await buyFromPricing(page, request, { ...PLANS.koStandard, phone: '010-4100-0021' });
  const guid = await sessionFromApp(request, email, '/payment/create-init-usage-eraser', { language: lang });
  await page.goto(`/${lang}/payment/eraser/order?guid=${guid}&usageType=TTS`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'eraser', 'title'));
  const shown = ((await page.getByTestId('order-total').textContent()) as string).trim();
  expect(shown).toMatch(/^₩[\d,]+$/);
  for (const box of await page.locator('#eraser-final-confirmation input[type=checkbox]').all())
    await box.check();
  for (const box of await page.locator('#eraser-agreement input[type=checkbox]').all()) await box.check();
  await page.getByRole('radio', { name: text(lang, 'pay-methods', 'card'), exact: true }).check();
  await page.getByRole('textbox', { name: text(lang, 'order', 'contact.phone') }).fill('010-4100-0021');
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price: shown }) }).click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(/\/ko\/payment\/eraser\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'eraser', 'success.title'));

  const [, eraser, ...more] = await providerPayments(request, email);
  expect(more).toEqual([]);
  const amount = Number(shown.replace(/[^\d]/g, ''));
  expect(eraser).toMatchObject({ status: 'paid', amount, currency: 'KRW' });
  const console = await userInConsole(browser, request, email);
  const row = console
    .getByRole('region', { name: 'Payments' })
    .getByRole('row', { name: new RegExp(eraser?.merchant_uid as string) });
  await expect(row).toContainText(formatPrice(amount, 'KRW'));
  await expect(console.getByTestId('valid-plan')).toHaveText('MR_STANDARD_V3');
});

test('a subscriber asks for a refund and gets the whole price back; the plan ends', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const { email, payment } = await buyFromPricing(page, request, {
    ...PLANS.enStandard,
    phone: '415 555 0322',
  });
  const guid = await sessionFromApp(request, email, '/payment/create-user-refund');
  await page.goto(`/en/payment/user-refund?guid=${guid}`);
  await expect(page.getByTestId('refund-amount')).toHaveText('US$17.99');
  await page.getByLabel(text('en', 'refund', 'reason.label')).fill('It is not what I need.');
  for (const box of await page.locator('#refund-agreements input[type=checkbox]').all()) await box.check();
  await page.getByRole('button', { name: text('en', 'refund', 'submit') }).click();
  await expect(page).toHaveURL(/\/en\/payment\/user-refund\/success\?kind=refunded/);

  const [refunded] = await providerPayments(request, email);
  expect(refunded).toMatchObject({ merchant_uid: payment.merchant_uid, amount: 17.99, cancel_amount: 17.99 });
  const console = await userInConsole(browser, request, email);
  await expectInConsole(console, {
    validPlan: 'FREE',
    planName: 'MR_STANDARD_V3',
    planStatus: 'UNSCHEDULED',
    amount: 17.99,
    currency: 'USD',
    merchantUid: payment.merchant_uid,
  });
  await expect(
    console
      .getByRole('region', { name: 'Payments' })
      .getByRole('row', { name: new RegExp(payment.merchant_uid) }),
  ).toContainText('cancelled');
});
