import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SITE_LANGUAGES } from '../shared/languages.ts';
import { text } from './journey-helpers.ts';

test('the English home renders in English, pre-rendered', async ({ page, request }) => {
  const html = await (await request.get('/en')).text();
  expect(html).toContain('<html lang="en">');
  expect(html).toContain('Edit videos as easily as a document</h1>');
  const response = await page.goto('/en');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit videos as easily as a document');
});

test('the Korean home is in Korean', async ({ page }) => {
  await page.goto('/ko');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('문서 편집처럼 쉬운 영상 편집');
});

for (const path of ['/xx', '/en/no-such-page', '/es/feature/ai-voice', '/en/blog/all']) {
  test(`${path} is the not-found page with a real 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.locator('main.not-found a.button').click();
    await expect(page).toHaveURL(new RegExp(`/${path.split('/')[1] === 'xx' ? 'en' : path.split('/')[1]}$`));
  });
}

// Typed addresses (issue 32, point 10): each leads to its page in every language, as CloudFront's function does.
for (const lang of SITE_LANGUAGES) {
  test(`/${lang}/login and /${lang}/pricing lead to the sign-in and the pricing page`, async ({
    page,
    request,
  }) => {
    for (const [typed, location] of [
      [`/${lang}/login`, `/${lang}?open=signIn`],
      [`/${lang}/signin?utm_source=mail`, `/${lang}?utm_source=mail&open=signIn`],
      [`/${lang}/pricing`, `/${lang}/payment/pricepolicy`],
      [`/${lang}/plans/`, `/${lang}/payment/pricepolicy`],
    ] as const) {
      const answer = await request.get(typed, { maxRedirects: 0 });
      expect(answer.status(), typed).toBe(301);
      expect(answer.headers().location, typed).toBe(location);
    }
    await page.goto(`/${lang}/login`);
    await expect(page).toHaveURL(new RegExp(`/${lang}\\?open=signIn$`));
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goto(`/${lang}/Pricing`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/payment/pricepolicy$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'pricing', 'title'));
  });
}

test('the pre-rendered site sends each typed address on without CloudFront’s function', () => {
  for (const lang of SITE_LANGUAGES) {
    const html = readFileSync(new URL(`../web/dist/${lang}/pricing/index.html`, import.meta.url), 'utf8');
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/${lang}/payment/pricepolicy" />`);
    expect(html).toContain('<meta name="robots" content="noindex" />');
  }
});

test.describe('a Korean browser', () => {
  test.use({ locale: 'ko-KR' });
  test('is sent from / to /ko', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/ko$/);
  });
  test('is sent from /pricing to the Korean pricing page', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveURL(/\/ko\/payment\/pricepolicy$/);
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
  // A partner's pricing page asks for its plans (the built-in ones come with the page, issue 36).
  await page.goto('/en/payment/pricepolicy?referralType=classu');
  // The notice appears once the page runs (pre-rendered HTML hydrates first), which a busy machine delays.
  await expect(page.getByRole('alert')).toHaveText('Failed to get payment plan info.', { timeout: 15_000 });
  await expect(page.locator('[data-plan-name]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and pricing');
});
