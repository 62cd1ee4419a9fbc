import { expect, test } from '@playwright/test';
import { buyMonthly, idTokenOf, newAccount } from './order-helpers.ts';

/**
 * Buying a usage eraser in a real browser: a monthly Standard subscriber's app opens an eraser session
 * and the eraser order page for a usage type; the usage panel highlights it and the dropdown starts on
 * its eraser; the pay checks run in the specified order; the sandbox checkout pays and the eraser's
 * result pages confirm it.
 */
test('a Standard subscriber buys a text-to-speech eraser', async ({ page, request }) => {
  const email = await newAccount(request);
  await buyMonthly(page, email, { name: 'MR_STANDARD_V3', price: 'US$17.99', phone: '415 555 0172' });
  const opened = await request.post('/payment/create-init-usage-eraser', {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
    data: { clientType: 'desktop', language: 'en' },
  });
  expect(opened.ok()).toBe(true);
  const { guid } = await opened.json();

  await page.goto(`/en/payment/eraser/order?guid=${guid}&usageType=TTS`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usage eraser');
  const rows = page.locator('.eraser-usage li');
  await expect(rows).toHaveCount(4);
  await expect(page.locator('[data-usage="STT"]')).toContainText(/Speech to text\s*0 \/ [\d,]+ min/);
  await expect(page.locator('[data-usage="TTS"]')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('combobox', { name: 'Choose an eraser' })).toHaveValue('TTS');
  await expect(page.getByTestId('order-total')).toHaveText('US$8.99');

  const pay = page.getByRole('button', { name: 'Pay US$8.99' });
  await pay.click();
  await expect(page.getByRole('dialog')).toContainText('Please tick every final confirmation.');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  for (const box of await page.locator('#eraser-final-confirmation input[type=checkbox]').all())
    await box.check();
  await pay.click();
  await expect(page.getByRole('dialog')).toContainText('Please agree to both service agreements.');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  for (const box of await page.locator('#eraser-agreement input[type=checkbox]').all()) await box.check();
  await page.getByRole('radio', { name: 'Credit or debit card', exact: true }).check();
  await pay.click();
  await expect(page.getByRole('dialog')).toContainText('Please enter your phone number.');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('415 555 0172');
  await pay.click();

  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/eraser\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usage reset');
  await expect(
    page.getByText('Your Text to speech allowance for this month is available again.'),
  ).toBeVisible();
});
