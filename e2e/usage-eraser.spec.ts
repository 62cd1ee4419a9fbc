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

  // Every check at once, as the order page makes them: a summary linking to each field, in the page's order.
  const pay = page.getByRole('button', { name: 'Pay US$8.99' });
  await pay.click();
  const summary = page.locator('#eraser-problems');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Please enter your phone number.',
    'Please choose a payment method.',
    'Please agree to both service agreements.',
    'Please tick every final confirmation.',
  ]);
  await summary.getByRole('link', { name: 'Please enter your phone number.' }).click();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription('Please enter your phone number.');
  await phone.fill('415 555 0172');
  for (const box of await page.locator('#eraser-final-confirmation input[type=checkbox]').all())
    await box.check();
  for (const box of await page.locator('#eraser-agreement input[type=checkbox]').all()) await box.check();
  // Each problem goes from the summary as it is fixed.
  await expect(summary.getByRole('link')).toHaveText(['Please choose a payment method.']);
  await page.getByRole('radio', { name: 'Credit or debit card', exact: true }).check();
  await expect(summary).toHaveCount(0);
  await pay.click();

  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/eraser\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usage reset');
  await expect(
    page.getByText('Your Text to speech allowance for this month is available again.'),
  ).toBeVisible();
});
