import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BILLING_PAGE } from '../shared/site/site-pages.ts';
import { screens, seriousViolations } from './console-helpers.ts';
import {
  fillOrderForm,
  type Lang,
  type ProviderPayment,
  providerPayments,
  startOnPricing,
  text,
} from './journey-helpers.ts';
import { newAccount } from './order-helpers.ts';

/**
 * A customer who paid by virtual account gets the money back to the account they type (issue 30): from
 * the pricing page signed out, a Korean one-year pass paid by 가상계좌 and deposited in the sandbox, then
 * the billing page's refund. The page asks for the bank, the number and the holder, shows every problem
 * at its field at once, shows the bank's refusal of a holder (the sandbox's documented `불일치`) at the
 * holder field with nothing refunded, and refunds to the account once it is right: the sandbox received
 * the account with the cancel, the plan ended, the payment history says refunded. At a desk's width and
 * at 360 px, where nothing scrolls sideways.
 */
const lang: Lang = 'ko';
const PASS_PRICE = 118_800;
const ACCOUNT = { bank: 'kb', bankCode: '04', typed: '123-4567-8901', digits: '12345678901' };
/** A phone number of this run's own: one another account paid with asks for a confirmation first. */
const freshPhone = () => `010-${4100 + Math.floor(Math.random() * 5000)}-${String(Date.now()).slice(-4)}`;
const say = (key: string, values?: Record<string, string>) => text(lang, 'refund', key, values);

interface SandboxState {
  payments: ProviderPayment[];
  refundsToAccounts: Array<{
    imp_uid: string;
    amount: number;
    refund_bank: string;
    refund_account: string;
    refund_holder: string;
  }>;
}
const sandbox = async (request: APIRequestContext) =>
  (await (await request.get('/_local/payments.json')).json()) as SandboxState;

async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

/**
 * Signed out on the pricing page: a one-year Light pass paid by virtual account, deposited through the
 * sandbox's developer API, granted by the deposit's notification (its receipt mailed, the billing page
 * showing the pass).
 */
async function passPaidByVirtualAccount(page: Page, request: APIRequestContext): Promise<ProviderPayment> {
  const email = await newAccount(request, lang);
  await startOnPricing(page, { lang, email, planType: 'LIGHT', tab: 'fixedterm' });
  await expect(page).toHaveURL(/\/ko\/payment\/order\/fixedterm\?guid=/, { timeout: 15_000 });
  await fillOrderForm(page, lang, { method: 'vbank', phone: freshPhone() });
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price: '₩118,800' }) }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByLabel(/deposit only with the Deposit button/).check();
  await page.getByRole('button', { name: 'Issue account' }).click();
  await expect(page).toHaveURL(/\/ko\/payment\/result\/vbank\?guid=/, { timeout: 15_000 });
  const [issued] = await providerPayments(request, email);
  const deposited = await request.post('/_local/payments/deposit', { data: { imp_uid: issued?.imp_uid } });
  expect(deposited.ok()).toBe(true);
  // The deposit's notification grants the pass and mails its receipt.
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/_local/outbox.json')).json()) as Array<{
          to: string[];
          text: string;
        }>;
        return mails.some(
          (mail) => mail.to.includes(email) && mail.text.includes(issued?.merchant_uid ?? '-'),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.goto(`/${lang}${BILLING_PAGE}`);
  await expect(page.getByTestId('billing-state')).toBeVisible();
  const [paid] = await providerPayments(request, email);
  expect(paid).toMatchObject({ status: 'paid', amount: PASS_PRICE, pay_method: 'vbank', cancel_amount: 0 });
  return paid as ProviderPayment;
}

/** The billing page's refund button opens the refund page of a new session. */
async function openRefundFromBilling(page: Page) {
  await page.goto(`/${lang}${BILLING_PAGE}`);
  await page.getByRole('button', { name: text(lang, 'billing', 'actions.refund') }).click();
  await expect(page).toHaveURL(/\/ko\/payment\/user-refund\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('title'));
  await expect(page.getByTestId('refund-amount')).toHaveText('₩118,800');
  await expect(page.getByTestId('refund-way')).toHaveText(say('way.vbank'));
}

async function fillAccount(page: Page, holder: string) {
  await page
    .getByLabel(say('account.bank'), { exact: true })
    .selectOption({ label: text(lang, 'refund-banks', ACCOUNT.bank) });
  await page.getByLabel(say('account.number'), { exact: true }).fill(ACCOUNT.typed);
  await page.getByLabel(say('account.holder'), { exact: true }).fill(holder);
}

async function agreeAndSubmit(page: Page) {
  await page.getByLabel(say('reason.label')).fill('필요한 기능이 없어요.');
  for (const box of await page.locator('#refund-agreements input[type=checkbox]').all()) await box.check();
  await page.getByRole('button', { name: say('submit') }).click();
}

/** The success page, the sandbox's cancel with the account, the plan ended, the payment refunded. */
async function expectRefundedToAccount(page: Page, request: APIRequestContext, paid: ProviderPayment) {
  await expect(page).toHaveURL(/\/ko\/payment\/user-refund\/success\?kind=refunded/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('success.title'));
  await expect(page.getByTestId('refund-result-amount')).toHaveText(
    say('success.amount', { amount: '₩118,800' }),
  );
  await expect(page.getByTestId('refund-result-destination')).toHaveText(
    say('success.to.vbank', { bank: text(lang, 'refund-banks', ACCOUNT.bank), account: '***-***-901' }),
  );
  await expect(page.locator('body')).not.toContainText(ACCOUNT.digits);

  const state = await sandbox(request);
  expect(state.payments.find((payment) => payment.imp_uid === paid.imp_uid)).toMatchObject({
    status: 'cancelled',
    cancel_amount: PASS_PRICE,
  });
  expect(state.refundsToAccounts.filter((refund) => refund.imp_uid === paid.imp_uid)).toEqual([
    expect.objectContaining({
      amount: PASS_PRICE,
      refund_bank: ACCOUNT.bankCode,
      refund_account: ACCOUNT.digits,
      refund_holder: '홍길동',
    }),
  ]);

  await page.goto(`/${lang}${BILLING_PAGE}`);
  await expect(page.getByText(text(lang, 'billing', 'plan.none'))).toBeVisible();
  const row = page.getByRole('region', { name: text(lang, 'billing', 'history.title') }).getByRole('row');
  await expect(
    row.filter({ hasText: text(lang, 'billing', 'history.payment_status.cancelled') }),
  ).toContainText('₩118,800');
}

test('a virtual-account customer gets the pass refunded to the account they type, once the bank knows its holder', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const paid = await passPaidByVirtualAccount(page, request);
  await openRefundFromBilling(page);

  // Sent empty: every problem at its field and in the summary above, which takes the focus.
  await page.getByRole('button', { name: say('submit') }).click();
  const summary = page.locator('#refund-error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    say('account.problem.bank_missing'),
    say('account.problem.number_missing'),
    say('account.problem.holder_missing'),
    say('reason_missing'),
    say('agreement_missing'),
  ]);
  await expect(page.getByLabel(say('account.bank'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(say('account.holder'), { exact: true })).toHaveAccessibleDescription(
    `${say('account.holder_hint')} ${say('account.problem.holder_missing')}`,
  );
  await summary.getByRole('link', { name: say('account.problem.number_missing') }).click();
  await expect(page.getByLabel(say('account.number'), { exact: true })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // The bank does not know the holder: said at the holder field; nothing was refunded.
  await fillAccount(page, '불일치');
  await agreeAndSubmit(page);
  await expect(page.locator('#refund-holder-error')).toHaveText(say('account.problem.holder_mismatch'));
  await expect(page.getByLabel(say('account.holder'), { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(summary.getByRole('link')).toHaveText([say('account.problem.holder_mismatch')]);
  await expect(page).toHaveURL(/\/ko\/payment\/user-refund\?guid=/);
  const untouched = await sandbox(request);
  expect(untouched.payments.find((payment) => payment.imp_uid === paid.imp_uid)).toMatchObject({
    status: 'paid',
    cancel_amount: 0,
  });
  expect(untouched.refundsToAccounts.filter((refund) => refund.imp_uid === paid.imp_uid)).toEqual([]);
  await screens(page, 'refund-account');

  await page.getByLabel(say('account.holder'), { exact: true }).fill('홍길동');
  await page.getByRole('button', { name: say('submit') }).click();
  await expectRefundedToAccount(page, request, paid);
});

test('the same refund at 360 px: nothing scrolls sideways on the refund page or its result', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const paid = await passPaidByVirtualAccount(page, request);
  await page.setViewportSize({ width: 360, height: 740 });
  await openRefundFromBilling(page);
  await page.getByRole('button', { name: say('submit') }).click();
  await expect(page.locator('#refund-error-summary')).toBeFocused();
  await noSidewaysScroll(page);
  await fillAccount(page, '홍길동');
  await agreeAndSubmit(page);
  await expect(page).toHaveURL(/\/ko\/payment\/user-refund\/success/, { timeout: 15_000 });
  await noSidewaysScroll(page);
  await expectRefundedToAccount(page, request, paid);
});
