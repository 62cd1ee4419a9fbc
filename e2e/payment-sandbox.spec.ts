import { expect, test } from '@playwright/test';

/** The sandbox checkout and developer page in a real browser: what the order pages will send customers to. */
function checkoutPath(baseURL: string, overrides: Record<string, string>): string {
  const query = new URLSearchParams({
    pg: 'html5_inicis',
    pay_method: 'card',
    merchant_uid: `ord_e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    name: 'STANDARD monthly',
    amount: '19900',
    currency: 'KRW',
    buyer_name: 'Kim',
    m_redirect_url: `${baseURL}/ko/payment/result/pending?guid=e2e`,
    ...overrides,
  });
  return `/_local/payments/checkout?${query}`;
}

test('a declined test card comes back to the site with the card failure code', async ({ page, baseURL }) => {
  await page.goto(checkoutPath(baseURL as string, {}));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('STANDARD monthly');
  await expect(page.getByText('₩19,900')).toBeVisible();
  await page.getByLabel(/4000 0000 0000 0066/).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/ko\/payment\/result\/pending\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get('guid')).toBe('e2e');
  expect(query.get('imp_success')).toBe('false');
  expect(query.get('error_code')).toBe('CC66');
  expect(query.get('imp_uid')).toMatch(/^imp_\d{12}$/);
});

test('a virtual account is issued, then paid in with the Deposit button of the developer page', async ({
  page,
  baseURL,
}) => {
  await page.goto(checkoutPath(baseURL as string, { pay_method: 'vbank' }));
  await page.getByLabel(/deposit only with the Deposit button/).check();
  await page.getByRole('button', { name: 'Issue account' }).click();
  await expect(page).toHaveURL(/imp_success=true/);
  const impUid = new URL(page.url()).searchParams.get('imp_uid') as string;

  await page.goto('/_local/payments');
  const row = page.locator('#payments').getByRole('row').filter({ hasText: impUid });
  await expect(row).toContainText('ready');
  await expect(row).toContainText('KB국민은행');
  await row.getByRole('button', { name: 'Deposit' }).click();
  await expect(page.locator('#payments').getByRole('row').filter({ hasText: impUid })).toContainText('paid');
});
