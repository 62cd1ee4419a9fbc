import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { operatorToken, signInToConsole } from './console-helpers.ts';
import {
  chooseCashReceipt,
  fillOrderForm,
  type Lang,
  providerPayments,
  startOnPricing,
  text,
  userInConsole,
} from './journey-helpers.ts';
import { newAccount } from './order-helpers.ts';

/**
 * Korean tax documents (issue 26) from where the customer starts, the pricing page signed out: a pass
 * paid by virtual account with a cash receipt (현금영수증) for income deduction, issued when the deposit
 * arrives and shown in the receipt mail, on the billing page and in the console's payment row, then
 * cancelled by a refund; and a business account's tax invoice (세금계산서) request, which the operator
 * lists in the console, marks issued and exports. The new sections are checked at 360 px.
 */
const lang: Lang = 'ko';
/** A phone number of this run's own: one another account paid with asks for a confirmation first. */
const freshPhone = () => `010-${4100 + Math.floor(Math.random() * 5000)}-${String(Date.now()).slice(-4)}`;

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** How many lines an element's text takes (the distinct tops of its line boxes). */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/** Pays with a virtual account on the sandbox checkout and deposits it through the developer page's API. */
async function payByVirtualAccount(page: Page, request: APIRequestContext, email: string, price: string) {
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price }) }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByLabel(/deposit only with the Deposit button/).check();
  await page.getByRole('button', { name: 'Issue account' }).click();
  await expect(page).toHaveURL(/\/ko\/payment\/result\/vbank\?guid=/, { timeout: 15_000 });
  const [issued] = await providerPayments(request, email);
  const deposited = await request.post('/_local/payments/deposit', { data: { imp_uid: issued?.imp_uid } });
  expect(deposited.ok()).toBe(true);
  return issued as { imp_uid: string; merchant_uid: string };
}

test('a pass paid by virtual account gets its cash receipt for income deduction; a refund cancels it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(request, lang);
  await startOnPricing(page, { lang, email, planType: 'LIGHT', tab: 'fixedterm' });
  await expect(page).toHaveURL(/\/ko\/payment\/order\/fixedterm\?guid=/, { timeout: 15_000 });
  await fillOrderForm(page, lang, {
    method: 'vbank',
    phone: freshPhone(),
    cashReceipt: { by: 'phone', number: '010-2626-0026' },
  });
  // Before paying, the page says which document the payment will have (issue 32, point 12).
  await expect(page.locator('.order-document')).toHaveText(
    `${text(lang, 'tax-invoice', 'document.label')} ${text(lang, 'tax-invoice', 'document.cash_receipt')}`,
  );
  await expectNoSidewaysScroll(page);
  const payment = await payByVirtualAccount(page, request, email, '₩118,800');

  // The deposit's notification grants the pass and issues the receipt; the receipt mail tells it.
  let approval = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/_local/outbox.json')).json()) as Array<{
          to: string[];
          text: string;
        }>;
        const receipt = mails.find(
          (mail) => mail.to.includes(email) && mail.text.includes(payment.merchant_uid),
        );
        approval =
          /현금영수증: 발급 완료 · 승인번호 (\d+) · ₩118,800 · 소득공제용 \*+0026/.exec(
            receipt?.text ?? '',
          )?.[1] ?? '';
        return approval;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');

  await page.goto(`/${lang}/account/billing`);
  const status = page.locator('.cash-receipt-status');
  await expect(status).toHaveText(
    `${text(lang, 'cash-receipt', 'label')}: ${text(lang, 'cash-receipt', 'state.issued')} (${text(lang, 'cash-receipt', 'approval_number', { number: approval })}) ${text(lang, 'cash-receipt', 'view')}`,
  );
  await expectNoSidewaysScroll(page);

  const console = await userInConsole(browser, request, email);
  const payments = console.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText(`Issued ${approval}`);

  const uid = new URL(console.url()).pathname.split('/')[3];
  const refund = await request.post('/payment/cancel-payment', {
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
    // A deposit goes back through the provider to the customer's account (issue 30), which cancels the receipt.
    data: {
      uid,
      price: 118800,
      reason: 'Asked by the customer',
      refundSource: 'portone',
      refundAccount: { bankCode: '88', accountNumber: '110-123-456789', holder: '홍길동' },
    },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  await page.reload();
  await expect(status).toHaveText(
    `${text(lang, 'cash-receipt', 'label')}: ${text(lang, 'cash-receipt', 'state.cancelled')}`,
  );
  await console.reload();
  await expect(payments).toContainText('Cancelled');
});

test('a business account gives its invoice details when it buys; the operator lists the request, marks it issued and exports the month', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(request, lang);
  await startOnPricing(page, { lang, email, planType: 'LIGHT', tab: 'fixedterm' });
  await expect(page).toHaveURL(/\/ko\/payment\/order\/fixedterm\?guid=/, { timeout: 15_000 });
  await page.getByRole('radio', { name: text(lang, 'order', 'account_type.business'), exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text(lang, 'order', 'common_actions.continue') })
    .click();
  const invoice = page.locator('#order-tax-invoice');
  const company = `주식회사 컷룸 ${Date.now()}`;
  const fill = (field: string, value: string) =>
    invoice.getByRole('textbox', { name: text(lang, 'tax-invoice', `field.${field}`) }).fill(value);
  await fill('businessNumber', '116-82-00278');
  await fill('companyName', company);
  await fill('representative', '홍길동');
  await fill('address', '서울특별시 강남구 테헤란로 1');
  await fill('businessType', '서비스');
  await fill('businessItem', '소프트웨어');
  await fill('invoiceEmail', 'tax@example.com');
  await invoice.getByRole('button', { name: text(lang, 'tax-invoice', 'save') }).click();
  await expect(invoice.getByText(text(lang, 'tax-invoice', 'problem.business_number_invalid'))).toBeVisible();
  await fill('businessNumber', '116-82-00276');
  await invoice.getByRole('button', { name: text(lang, 'tax-invoice', 'save') }).click();
  await expect(invoice.getByRole('status')).toHaveText(text(lang, 'tax-invoice', 'saved'));

  await page.getByRole('textbox', { name: text(lang, 'order', 'contact.phone') }).fill(freshPhone());
  await page.getByRole('radio', { name: text(lang, 'pay-methods', 'vbank'), exact: true }).check();
  // The cash receipt's choice is asked at its field, like every other problem of the form.
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price: '₩478,800' }) }).click();
  const summary = page.locator('#order-problems');
  await expect(summary).toBeFocused();
  const choiceMissing = text(lang, 'cash-receipt', 'problem.choice_missing');
  await summary.getByRole('link', { name: choiceMissing }).click();
  const purposes = page.getByRole('radiogroup', { name: text(lang, 'cash-receipt', 'title') });
  await expect(purposes).toHaveAttribute('aria-invalid', 'true');
  await expect(purposes).toHaveAccessibleDescription(choiceMissing);
  await expect(
    page.getByRole('radio', { name: text(lang, 'cash-receipt', 'purpose.income_deduction'), exact: true }),
  ).toBeFocused();
  await chooseCashReceipt(page, lang);
  await expect(summary.getByRole('link', { name: choiceMissing })).toHaveCount(0);
  // A business buyer's payment of ₩478,800 without a cash receipt gets the tax invoice, not the
  // self-issued receipt an individual's would (issue 32, point 12).
  const note = page.locator('.order-document');
  await expect(note).toHaveText(
    `${text(lang, 'tax-invoice', 'document.label')} ${text(lang, 'tax-invoice', 'document.tax_invoice')}`,
  );
  await expect(note).not.toContainText('010-000-1234');
  for (const box of await page.locator('#order-agreement input[type=checkbox]').all()) await box.check();
  for (const box of await page.locator('#order-final-confirmation input[type=checkbox]').all())
    await box.check();
  await expectNoSidewaysScroll(page);
  const payment = await payByVirtualAccount(page, request, email, '₩478,800');

  const operator = await (await browser.newContext()).newPage();
  await signInToConsole(operator);
  await operator.goto('/admin/taxInvoice');
  const row = operator.getByRole('row').filter({ hasText: payment.merchant_uid });
  await expect
    .poll(
      async () => {
        await operator.reload();
        return row.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(row).toContainText(company);
  await expect(row).toContainText('116-82-00276');
  await expect(row).toContainText('Requested');
  // The customer's payment history says the invoice is asked for.
  await page.goto(`/${lang}/account/billing`);
  const invoiceState = page.locator('.tax-invoice-status');
  await expect(invoiceState).toHaveText(
    `${text(lang, 'tax-invoice', 'label')}: ${text(lang, 'tax-invoice', 'state.requested')}`,
  );
  await row.getByRole('button', { name: `Mark issued ${payment.merchant_uid}` }).click();
  const dialog = operator.getByRole('dialog');
  await dialog.getByLabel('Approval number').fill('20261127-41000203-0000ABCD');
  await dialog.getByLabel('Reason').fill('Issued at Hometax');
  await dialog.getByRole('button', { name: 'Mark issued' }).click();
  await expect(row).toContainText('Issued');
  await expect(row).toContainText('20261127-41000203-0000abcd');

  // The customer's payment history names the invoice and its approval number, which keeps one line.
  await page.reload();
  await expect(invoiceState).toHaveText(
    `${text(lang, 'tax-invoice', 'label')}: ${text(lang, 'tax-invoice', 'state.issued')} (${text(lang, 'tax-invoice', 'approval_label')} 20261127-41000203-0000abcd)`,
  );
  await page.setViewportSize({ width: 360, height: 740 });
  for (const figure of [
    invoiceState.locator('.nowrap'),
    page.getByRole('cell', { name: '₩478,800' }).first(),
  ])
    expect(await lineCount(figure)).toBe(1);
  await expectNoSidewaysScroll(page);

  const download = operator.waitForEvent('download');
  await operator.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = await readFile((await file.path()) as string, 'utf8');
  const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
  const exported = rows.find((cells) => cells.includes(payment.merchant_uid)) ?? [];
  expect(exported[header?.indexOf('Company') ?? -1]).toBe(company);
  expect(exported[header?.indexOf('Approval number') ?? -1]).toBe('20261127-41000203-0000abcd');
  expect(exported[header?.indexOf('State') ?? -1]).toBe('Issued');
});
