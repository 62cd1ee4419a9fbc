import { expect, test } from '@playwright/test';
import { payOnCheckout, providerPayments, signInInModal } from './journey-helpers.ts';
import { buyMonthly, completeOrderForm, idTokenOf, newAccount, startOrder } from './order-helpers.ts';

/**
 * How a failed payment reads, on each fail page the customer can reach (order, upgrade, eraser; the
 * change of card is in change-card.spec.ts and an English card decline in orders.spec.ts): what it
 * means in the page's language, the card company's own words apart, a customer's own cancel as a
 * cancel; and nothing charged or granted.
 */
test('a Korean customer who cancels at the checkout is told it was cancelled, not that the provider failed', async ({
  page,
  request,
}) => {
  const email = await newAccount(request, 'ko');
  await startOrder(page, email, 'ko', 'MR_STANDARD_V3');
  await completeOrderForm(page, '신용·체크카드', '010 5555 0161');
  await page.getByRole('button', { name: '₩19,900 결제하기' }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(page).toHaveURL(/\/ko\/payment\/result\/fail\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('결제가 취소되었습니다');
  await expect(page.getByRole('alert')).toHaveText(
    '결제를 취소하셨습니다. 청구된 금액은 없으며 언제든 다시 결제할 수 있습니다.',
  );
  await expect(page.getByTestId('payment-failure-detail')).toHaveCount(0);
  // Nothing was charged (the checkout of a subscription only registers the card, and this one was left).
  expect(await providerPayments(request, email)).toEqual([]);
});

test('an upgrade declined on the plan’s card says the card is over its limit; the plan and the money stay as they were', async ({
  page,
  request,
}) => {
  // A purchase, an upgrade checkout and two sign-ins (password hashing) on a shared machine.
  test.slow();
  const email = await newAccount(request);
  // A card whose first charge is approved and whose next ones decline [CC66].
  await startOrder(page, email, 'en', 'MR_LIGHT_V3');
  await completeOrderForm(page, 'Credit or debit card', '415 555 0162');
  await page.getByRole('button', { name: 'Pay US$8.99' }).click();
  await payOnCheckout(page, /4000 0000 0000 0259/);
  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });

  await page.goto('/en/payment/pricepolicy?open=signIn&purpose=payment');
  await signInInModal(page, 'en', email);
  await expect(page).toHaveURL(/\/en\/payment\/upgrade\/pricepolicy\?guid=/, { timeout: 15_000 });
  await page.locator('th[data-plan]').nth(1).getByRole('button', { name: 'Upgrade: Standard' }).click();
  await expect(page).toHaveURL(/\/en\/payment\/upgrade\/order\/subscription\?/);
  // No account type to choose on an upgrade: the plan form says what it lists instead.
  await expect(
    page.getByText('Only the plans your current plan can be upgraded to are listed.'),
  ).toBeVisible();
  await expect(page.getByText(/choose Business as the account type/)).toHaveCount(0);
  for (const box of await page.locator('#upgrade-final-confirmation input[type=checkbox]').all())
    await box.check();
  await page.getByRole('button', { name: /^Upgrade for US\$/ }).click();

  await expect(page).toHaveURL(/\/en\/payment\/result\/fail\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The payment did not go through');
  await expect(page.getByRole('alert')).toHaveText(
    /^\[L\d\d\] The card is over its limit or its balance is too low\. Try another card, or try again once the limit has reset\.$/,
  );
  await expect(page.getByTestId('payment-failure-detail')).toHaveText('Error Code CC66 한도초과');

  const charges = await providerPayments(request, email);
  expect(charges.map((payment) => [payment.merchant_uid.slice(0, 4), payment.status]).sort()).toEqual([
    ['ord_', 'paid'],
    ['upg_', 'failed'],
  ]);
  const still = await request.post('/payment/create-init-plan-upgrade', {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
    data: { clientType: 'desktop', language: 'en' },
  });
  expect((await still.json()).planUpgradeData.previousPlanName).toBe('MR_LIGHT_V3');
});

test('an eraser paid with a card over its limit fails with that meaning, and nothing is reset or charged', async ({
  page,
  request,
}) => {
  const email = await newAccount(request);
  await buyMonthly(page, email, { name: 'MR_STANDARD_V3', price: 'US$17.99', phone: '415 555 0163' });
  const opened = await request.post('/payment/create-init-usage-eraser', {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
    data: { clientType: 'desktop', language: 'en' },
  });
  const { guid } = await opened.json();

  await page.goto(`/en/payment/eraser/order?guid=${guid}&usageType=TTS`);
  await expect(page.getByTestId('order-total')).toHaveText('US$8.99');
  for (const box of await page.locator('#eraser-final-confirmation input[type=checkbox]').all())
    await box.check();
  for (const box of await page.locator('#eraser-agreement input[type=checkbox]').all()) await box.check();
  await page.getByRole('radio', { name: 'Credit or debit card', exact: true }).check();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('415 555 0163');
  await page.getByRole('button', { name: 'Pay US$8.99' }).click();
  await payOnCheckout(page, /4000 0000 0000 0066/);

  await expect(page).toHaveURL(/\/en\/payment\/eraser\/result\/fail\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveText(
    '[L09] The card is over its limit or its balance is too low. Try another card, or try again once the limit has reset.',
  );
  await expect(page.getByTestId('payment-failure-detail')).toHaveText('Error Code CC66 한도초과');
  const eraser = (await providerPayments(request, email)).filter((payment) =>
    payment.merchant_uid.startsWith('ers_'),
  );
  expect(eraser.map((payment) => payment.status)).toEqual(['failed']);
});

/**
 * Not every channel sends imp_success back (PortOne's SDK readme; the Toss and KSNET guides return only
 * the two ids): the result page never reads failure or success from it; the server's lookup decides.
 */
test('a checkout that returns only its ids is settled by the server: a declined card fails, a good one is granted', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const email = await newAccount(request, 'ko');
  await startOrder(page, email, 'ko', 'MR_LIGHT_V3');
  await completeOrderForm(page, '신용·체크카드', '010 5555 0164');
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByLabel(/4000 0000 0000 0001/).check();
  await page.getByLabel(/Return only imp_uid and merchant_uid/).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/ko\/payment\/result\/fail\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveText(/^\[L09\] /);
  await expect(page.getByTestId('payment-failure-detail')).toHaveText('오류 코드 CC01 잔액부족');
  expect(await providerPayments(request, email)).toEqual([]);

  // Again from the start (the app signs in anew), with a good card.
  const again = await (await browser.newContext()).newPage();
  await startOrder(again, email, 'ko', 'MR_LIGHT_V3');
  await completeOrderForm(again, '신용·체크카드', '010 5555 0164');
  await again.getByRole('button', { name: /결제하기$/ }).click();
  await expect(again).toHaveURL(/\/_local\/payments\/checkout\?/);
  await again.getByLabel(/Return only imp_uid and merchant_uid/).check();
  await again.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(again).toHaveURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  const charges = await providerPayments(request, email);
  expect(charges.map((payment) => [payment.merchant_uid.slice(0, 4), payment.status])).toEqual([
    ['ord_', 'paid'],
  ]);
});
