import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { RECONCILIATION_VARIABLE } from '../scripts/local/reconciliation-switch.ts';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
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
import { newAccount, PASSWORD } from './order-helpers.ts';

/**
 * Korean tax documents (issue 26) from where the customer starts, the pricing page signed out: a pass
 * paid by virtual account with a cash receipt (현금영수증) for income deduction, issued when the deposit
 * arrives and shown in the receipt mail, on the billing page and in the console's payment row, then
 * cancelled by a refund; and a business account's tax invoice (세금계산서), issued through Popbill's stand-in a
 * minute after the deposit with its 공급가액 and 세액, amended when the operator refunds part of it, and shown
 * with its PDF to the buyer and to the accountant (who marks by hand one Popbill refused), in Korean, at
 * 360 px too (issue 37).
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

test('a business account’s tax invoice is issued through Popbill a minute after its deposit, amended by a refund, shown in Korean to the buyer and the accountant', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  // A runtime of its own: the test moves its clock (the invoice's minute, the hourly run) and has its
  // hourly tax documents' run scheduled (LOCAL_RECONCILIATION on).
  const runtime = await startIsolatedRuntime({
    web: 'dist',
    env: { [RECONCILIATION_VARIABLE]: 'on' },
    startSeconds: 120,
  });
  const request = await playwright.request.newContext({ baseURL: runtime.url });
  const advance = async (seconds: number) =>
    expect((await request.post('/_local/clock', { data: { advanceSeconds: seconds } })).ok()).toBe(true);
  try {
    const page = await (await browser.newContext({ baseURL: runtime.url })).newPage();
    const email = await newAccount(request, lang);
    await startOnPricing(page, { lang, email, planType: 'LIGHT', tab: 'fixedterm' });
    await expect(page).toHaveURL(/\/ko\/payment\/order\/fixedterm\?guid=/, { timeout: 15_000 });
    await page
      .getByRole('radio', { name: text(lang, 'order', 'account_type.business'), exact: true })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(lang, 'order', 'common_actions.continue') })
      .click();
    const invoice = page.locator('#order-tax-invoice');
    const company = `주식회사 컷룸 ${Date.now()}`;
    const fill = (field: string, value: string) =>
      invoice.getByRole('textbox', { name: text(lang, 'tax-invoice', `field.${field}`) }).fill(value);
    // A business the NTS reports closed (the stand-in's documented test number) is refused at its number.
    await fill('businessNumber', '999-88-87777');
    await fill('companyName', company);
    await fill('representative', '홍길동');
    await fill('address', '서울특별시 강남구 테헤란로 1');
    await fill('businessType', '서비스');
    await fill('businessItem', '소프트웨어');
    await fill('invoiceEmail', 'tax@example.com');
    await invoice.getByRole('button', { name: text(lang, 'tax-invoice', 'save') }).click();
    await expect(invoice.getByText(text(lang, 'tax-invoice', 'problem.business_closed'))).toBeVisible();
    await fill('businessNumber', '116-82-00276');
    await invoice.getByRole('button', { name: text(lang, 'tax-invoice', 'save') }).click();
    await expect(invoice.getByRole('status')).toHaveText(text(lang, 'tax-invoice', 'saved'));

    await page.getByRole('textbox', { name: text(lang, 'order', 'contact.phone') }).fill(freshPhone());
    await page.getByRole('radio', { name: text(lang, 'pay-methods', 'vbank'), exact: true }).check();
    await chooseCashReceipt(page, lang);
    // A business buyer's payment without a cash receipt gets the tax invoice, not the self-issued receipt.
    await expect(page.locator('.order-document')).toHaveText(
      `${text(lang, 'tax-invoice', 'document.label')} ${text(lang, 'tax-invoice', 'document.tax_invoice')}`,
    );
    for (const box of await page.locator('#order-agreement input[type=checkbox]').all()) await box.check();
    for (const box of await page.locator('#order-final-confirmation input[type=checkbox]').all())
      await box.check();
    const payment = await payByVirtualAccount(page, request, email, '₩478,800');

    // A minute after the deposit the invoice is issued through Popbill, with the split of ₩478,800.
    const billingStatus = page.locator('.tax-invoice-status');
    await page.goto(`/${lang}/account/billing`);
    await expect(billingStatus).toContainText(text(lang, 'tax-invoice', 'state.requested'), {
      timeout: 20_000,
    });
    await advance(61);
    const popbill = async () =>
      (
        (await (await request.get('/_local/popbill.json')).json()) as {
          invoices: Array<{
            ntsConfirmNum: string;
            modifyCode?: number;
            totalAmount: string;
            supplyCostTotal: string;
            taxTotal: string;
          }>;
        }
      ).invoices;
    await expect.poll(async () => (await popbill()).length, { timeout: 20_000 }).toBe(1);
    const [issued] = await popbill();
    expect(issued).toMatchObject({ supplyCostTotal: '435273', taxTotal: '43527', totalAmount: '478800' });
    const approval = `${issued?.ntsConfirmNum.slice(0, 8)}-${issued?.ntsConfirmNum.slice(8, 16)}-${issued?.ntsConfirmNum.slice(16)}`;
    await page.reload();
    await expect(billingStatus).toContainText(
      `${text(lang, 'tax-invoice', 'label')}: ${text(lang, 'tax-invoice', 'state.issued')} (${text(lang, 'tax-invoice', 'approval_label')} ${approval})`,
    );
    const userPdf = page.waitForResponse((answer) => answer.url().includes('/payment/user-tax-invoice-pdf'));
    await billingStatus.getByRole('button', { name: text(lang, 'tax-invoice', 'pdf') }).click();
    const { url: userPdfUrl } = (await (await userPdf).json()) as { url: string };
    const pdfFile = await request.get(userPdfUrl);
    expect(pdfFile.headers()['content-type']).toBe('application/pdf');
    expect((await pdfFile.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The operator refunds ₩100,000 of it: the next hourly run issues the amended invoice (공급가액 변동).
    const operator = await operatorToken(request, runtime.url);
    const signedIn = await request.post('/auth/v2/sign-in', {
      data: { email, password: PASSWORD, clientType: 'landing', language: lang },
    });
    const { uid } = ((await signedIn.json()) as { user: { uid: string } }).user;
    const refund = await request.post('/payment/cancel-payment', {
      headers: { authorization: `Bearer ${operator}` },
      data: {
        uid,
        price: 100000,
        reason: 'Asked by the customer',
        refundSource: 'portone',
        refundAccount: { bankCode: '88', accountNumber: '110-123-456789', holder: '홍길동' },
      },
    });
    expect(refund.ok(), await refund.text()).toBe(true);
    await advance(3600);
    await expect.poll(async () => (await popbill()).length, { timeout: 30_000 }).toBe(2);
    expect((await popbill())[1]).toMatchObject({ modifyCode: 2, totalAmount: '-100000' });

    // Popbill then refuses for a while (its certificate, say), and a direct deposit of the account (its
    // plan ended with the refund) asks an invoice of its own: the next run records it refused.
    await request.post('/_local/popbill/refuse', {
      data: { code: -10002009, message: '인증서를 찾을 수 없습니다.' },
    });
    const deposit = await request.post('/auth/admin-direct-deposit-create', {
      headers: { authorization: `Bearer ${operator}` },
      data: {
        uid,
        userName: 'Sky Kim',
        userEmail: email,
        userPhone: '01041000009',
        planName: 'Y1_LIGHT_V3',
        currency: 'KRW',
        price: 118800,
        paymentType: 'plan',
        desc: 'paid at the bank',
      },
    });
    expect(deposit.ok(), await deposit.text()).toBe(true);
    await advance(3600);

    // The accountant's page, in Korean: issued with its approval number, the amendment, the refusal.
    const console = await (await browser.newContext()).newPage();
    await signInToConsole(console, runtime.url);
    await console.addInitScript(() => localStorage.setItem('cutloom.console.language', 'ko'));
    await console.goto(`${runtime.url}/admin/taxInvoice`);
    const c = (key: string, values: Record<string, string> = {}) =>
      text(lang, 'console-tax-invoices', key, values);
    const row = console.getByRole('row').filter({ hasText: payment.merchant_uid });
    await expect(row).toContainText(c('state.issued'));
    await expect(row).toContainText(approval);
    await expect(row).toContainText('₩435,273');
    await expect(row).toContainText('₩43,527');
    await expect(row).toContainText(
      c('amendment', { amount: '-₩100,000', state: c('document_state.issued') }).split(' · ')[0] as string,
    );
    const adminPdf = console.waitForResponse((answer) =>
      answer.url().includes('/payment/admin-tax-invoice-pdf'),
    );
    await row
      .getByRole('button', { name: c('pdf_of', { what: `${company} ${payment.merchant_uid}` }) })
      .click();
    const { url: adminPdfUrl } = (await (await adminPdf).json()) as { url: string };
    expect((await request.get(adminPdfUrl)).headers()['content-type']).toBe('application/pdf');
    const refused = console.getByRole('row').filter({ hasText: c('state.failed') });
    await expect
      .poll(
        async () => {
          await console.reload();
          return refused.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await request.post('/_local/popbill/refuse', { data: {} });
    await expect(refused).toContainText(`${c('failure.refused')}: Popbill: 인증서를 찾을 수 없습니다.`);
    // Issued elsewhere meanwhile: marked by hand with its approval number (the account's activity).
    await refused.getByRole('button', { name: new RegExp(`^${c('issue.button')} dep_`) }).click();
    const dialog = console.getByRole('dialog');
    await dialog.getByLabel(c('field.approval_number')).fill('20470105-41000203-0000ABCD');
    await dialog.getByLabel(c('reason')).fill('홈택스에서 발행');
    await dialog.getByRole('button', { name: c('issue.button') }).click();
    await expect(console.getByRole('row').filter({ hasText: '20470105-41000203-0000abcd' })).toContainText(
      c('by_hand'),
    );
    // The month exported: the split and the approval number in their own columns.
    const download = console.waitForEvent('download');
    await console.getByRole('button', { name: text(lang, 'console-lists', 'export.button') }).click();
    const csv = await readFile((await (await download).path()) as string, 'utf8');
    const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    const exported = rows.find((cells) => cells.includes(payment.merchant_uid)) ?? [];
    expect(exported[header?.indexOf(c('field.approval_number')) ?? -1]).toBe(approval);
    expect(exported[header?.indexOf(c('field.supply_cost')) ?? -1]).toBe('435273');
    await console.setViewportSize({ width: 360, height: 740 });
    await expect(row).toContainText(approval);

    // The buyer's history, at 360 px: the invoice, its amendment, the hand-issued one; nothing scrolls sideways.
    await page.reload();
    await expect(page.locator('.tax-invoice-status').filter({ hasText: approval })).toContainText(
      text(lang, 'tax-invoice', 'amendment', { amount: '-₩100,000' }),
    );
    await page.setViewportSize({ width: 360, height: 740 });
    for (const figure of [
      billingStatus.locator('.nowrap').first(),
      page.getByRole('cell', { name: '₩478,800' }).first(),
    ])
      expect(await lineCount(figure)).toBe(1);
    await expectNoSidewaysScroll(page);
  } finally {
    await request.dispose();
    await runtime.stop();
  }
});
