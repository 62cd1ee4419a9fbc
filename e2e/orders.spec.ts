import { expect, test } from '@playwright/test';
import { operatorToken } from './console-helpers.ts';
import { completeOrderForm, newAccount, PASSWORD, startOrder } from './order-helpers.ts';

/**
 * Buying a plan in a real browser against the whole local product: the payment-start sign-in opens a
 * payment session and lands on the order page; the order page's checks, coupon box and pay flow; the
 * sandbox checkout (test cards, virtual accounts, the wallet's page); the result pages.
 */
test('a subscription bought with a sandbox card, after the pay checks', async ({ page, request }) => {
  const email = await newAccount(request);
  await startOrder(page, email, 'en', 'MR_STANDARD_V3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order your subscription');
  await expect(page.getByTestId('order-total')).toHaveText('US$17.99');
  await expect(page.getByText('Sky Kim', { exact: true })).toBeVisible();

  const pay = page.getByRole('button', { name: 'Pay US$17.99' });
  await pay.click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary.getByRole('link')).toContainText([
    'Please enter your phone number.',
    'Please choose a payment method.',
    'Please agree to both service agreements.',
    'Please tick every final confirmation.',
  ]);

  await completeOrderForm(page, 'Credit or debit card', '415 555 0100');
  await expect(summary).toHaveCount(0);
  await pay.click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await expect(page.getByRole('row', { name: /Billing key/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
  await expect(page.getByText('Standard · Monthly subscription')).toBeVisible();
  await expect(page.getByText('Amount paid: US$17.99')).toBeVisible();
});

test('a fixed-term pass bought by virtual account, paid in with the Deposit button', async ({
  page,
  request,
}) => {
  const email = await newAccount(request, 'ko');
  await startOrder(page, email, 'ko', 'Y1_LIGHT_V3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('기간제 이용권 주문');
  await completeOrderForm(page, '가상계좌 입금', '010-2345-6789');
  await page.getByRole('button', { name: '₩118,800 결제하기' }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByLabel(/deposit only with the Deposit button/).check();
  await page.getByRole('button', { name: 'Issue account' }).click();

  await expect(page).toHaveURL(/\/ko\/payment\/result\/vbank\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('가상계좌가 발급되었습니다');
  const accountNumber = (await page.getByTestId('vbank-number').textContent()) as string;
  expect(accountNumber).toMatch(/^\d{14}$/);
  await expect(page.getByText('₩118,800')).toBeVisible();
  const texts = (await (await request.get('/_local/sms.json')).json()) as Array<{ to: string; text: string }>;
  expect(texts.find((sms) => sms.text.includes(accountNumber))?.to).toBe('01023456789');

  await page.goto('/_local/payments');
  const row = page.locator('#payments').getByRole('row').filter({ hasText: accountNumber });
  await row.getByRole('button', { name: 'Deposit' }).click();
  await expect(page.locator('#payments').getByRole('row').filter({ hasText: accountNumber })).toContainText(
    'paid',
  );
  await expect
    .poll(async () => {
      const state = (await (await request.get('/_local/payments.json')).json()) as {
        notifications: Array<{ body: { status: string; imp_uid: string }; state: string }>;
        payments: Array<{ imp_uid: string; vbank_num: string }>;
      };
      const impUid = state.payments.find((payment) => payment.vbank_num === accountNumber)?.imp_uid;
      return state.notifications.find((n) => n.body.imp_uid === impUid && n.body.status === 'paid')?.state;
    })
    .toBe('delivered');
});

test('a declined card ends on the fail page with the card company’s reason', async ({ page, request }) => {
  const email = await newAccount(request);
  await startOrder(page, email, 'en', 'Y1_LIGHT_V3');
  await completeOrderForm(page, 'Credit or debit card', '415 555 0101');
  await page.getByRole('button', { name: 'Pay US$107.88' }).click();
  await page.getByLabel(/4000 0000 0000 0001/).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/result\/fail\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The payment did not go through');
  // The meaning in the page's language; the card company's own (Korean) words only as a detail.
  await expect(page.getByRole('alert')).toHaveText(
    '[L09] Your card company declined this card. Use another card, or ask your card company why.',
  );
  await expect(page.getByTestId('payment-failure-detail')).toHaveText('Error Code CC01 잔액부족');
});

test('a pending payment resolves while the result page asks again', async ({ page, request }) => {
  const email = await newAccount(request);
  await startOrder(page, email, 'en', 'Y1_STANDARD_V3');
  await completeOrderForm(page, 'Credit or debit card', '415 555 0102');
  await page.getByRole('button', { name: 'Pay US$215.88' }).click();
  await page.getByLabel(/4000 0000 0000 3000/).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('has not settled the payment yet', {
    timeout: 10_000,
  });
  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByText('Amount paid: US$215.88')).toBeVisible();
});

test('a coupon applied (after switching to its plan) and one refused', async ({ page, request }) => {
  const token = await operatorToken(request);
  const couponCode = `E2E${String(Date.now()).slice(-7)}`;
  const startsAt = Date.now() + 3000;
  const admin = (path: string, data: Record<string, unknown>) =>
    request.post(`/payment/${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect(
    (
      await admin('admin-create-coupon', {
        couponCode,
        name: 'Browser test',
        totalAmount: 5,
        startedAt: new Date(startsAt).toISOString(),
        expiredAt: new Date(startsAt + 86_400_000).toISOString(),
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await admin('admin-create-coupon-discount-info', { couponCode, planName: 'MR_LIGHT_V3', rate: 50 })
    ).ok(),
  ).toBe(true);

  const email = await newAccount(request);
  await startOrder(page, email, 'en', 'MR_STANDARD_V3');
  const input = page.getByRole('textbox', { name: 'Coupon code' });
  await input.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('#order-coupon-error')).toHaveText('There is no coupon with this code.');

  await page.waitForTimeout(Math.max(0, startsAt - Date.now() + 200));
  await input.fill(couponCode.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const prompt = page.getByRole('dialog');
  await expect(prompt).toContainText('Switch to Light · Monthly subscription to use it?');
  await prompt.getByRole('button', { name: 'Switch plan' }).click();
  await expect(page.getByText('Browser test')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('US$4.49');
  await expect(page.getByText('Coupon discount (50%)')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /a coupon can be used once per account/ })).toBeVisible();
});

test('naver_pay in Korean: the wallet registers the subscription and the first payment', async ({
  page,
  request,
}) => {
  const email = await newAccount(request, 'ko');
  await startOrder(page, email, 'ko', 'MR_LIGHT_V3');
  await expect(
    page.getByText('원화로 결제하는 구독은 카드사에서 휴대폰 본인 인증을 요청할 수 있습니다.'),
  ).toBeVisible();
  await completeOrderForm(page, '네이버페이', '010-3456-7890');
  await page.getByRole('button', { name: '₩9,900 결제하기' }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/naver-pay\?reserveId=/);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('결제가 완료되었습니다');
  await expect(page.getByText('결제 금액: ₩9,900')).toBeVisible();
});

test('an account an operator preregistered sees the preregistration discount on its order page', async ({
  page,
  request,
}) => {
  const email = await newAccount(request);
  const signedIn = await request.post('/auth/v2/sign-in', {
    data: { email, password: PASSWORD, clientType: 'landing', language: 'en' },
  });
  const { user } = (await signedIn.json()) as { user: { uid: string } };
  const preregistered = await request.post('/auth/admin-user-preregistration', {
    data: { uid: user.uid, operation: 'create', desc: 'Waiting list', discountPercent: 30 },
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
  });
  expect(preregistered.ok()).toBe(true);
  await startOrder(page, email, 'en', 'MR_STANDARD_V3');
  await expect(page.getByText('Preregistration discount (30%)')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('US$12.59');
});
