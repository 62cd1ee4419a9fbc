import { expect, test } from '@playwright/test';

test('the English home shows the plans from the API', async ({ page }) => {
  const response = await page.goto('/en');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit videos faster with AI');
  const monthlyLight = page.locator('[data-plan="MR_LIGHT_V3"]');
  await expect(monthlyLight).toContainText('Light');
  await expect(monthlyLight).toContainText('US$8.99');
});

test('the Korean home is in Korean with won prices', async ({ page }) => {
  await page.goto('/ko');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI로 더 빠르게, 영상 편집');
  await expect(page.locator('[data-plan="MR_LIGHT_V3"]')).toContainText('₩9,900');
});

for (const path of ['/xx', '/en/no-such-page']) {
  test(`${path} is the not-found page with a real 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit videos faster with AI');
  });
}

test.describe('a Korean browser', () => {
  test.use({ locale: 'ko-KR' });
  test('is sent from / to /ko', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/ko$/);
  });
});

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });
  test('is sent from / to /en', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
  });
});

test('a failed plan info call shows the notice and empty lists, not a broken page', async ({ page }) => {
  await page.route('**/payment/get-payment-plan-info-v2', (route) => route.abort());
  await page.goto('/en');
  await expect(page.getByRole('alert')).toHaveText('Failed to get payment plan info.');
  await expect(page.locator('[data-plan]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
