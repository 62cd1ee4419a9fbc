import { type BrowserContextOptions, devices, expect, type Page, test } from '@playwright/test';

const UA = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};

const heroDownloads = (page: Page) => page.locator('.hero [data-platform]');

/**
 * Opens a page and waits until it runs: pre-rendered HTML is visible (and clickable) before the
 * browser has adopted it, and the footer's download link gets its tooltip only afterwards.
 */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.footer-download')).toHaveAttribute('title', /MB\)$/, { timeout: 15_000 });
}

test.describe('the download choice by operating system', () => {
  const cases: Array<[string, BrowserContextOptions, RegExp[]]> = [
    ['Windows', { userAgent: UA.windows }, [/Setup-3\.3\.3-x64\.exe$/, /Setup-3\.3\.3-arm64\.exe$/]],
    ['macOS', { userAgent: UA.mac }, [/3\.3\.3-arm64\.dmg$/, /3\.3\.3-x64\.dmg$/]],
    ['Linux', { userAgent: UA.linux }, [/\.AppImage$/, /\.snap$/]],
  ];
  for (const [os, options, files] of cases) {
    test.describe(os, () => {
      test.use(options);
      test(`offers the ${os} packages, two on a desktop`, async ({ page }) => {
        await open(page, '/en');
        await expect(heroDownloads(page)).toHaveCount(2);
        for (const [index, file] of files.entries())
          await expect(heroDownloads(page).nth(index)).toHaveAttribute('href', file);
        await expect(page.locator('.footer-download')).toHaveAttribute('title', /\(\d+\.\d MB\)$/);
      });
    });
  }

  test.describe('an iPhone', () => {
    test.use({
      userAgent: devices['iPhone 13'].userAgent,
      viewport: devices['iPhone 13'].viewport,
      hasTouch: true,
    });
    test('gets the App Store link', async ({ page }) => {
      await open(page, '/ja');
      await expect(heroDownloads(page)).toHaveCount(1);
      await expect(heroDownloads(page)).toHaveAttribute('href', /\/get\/ios\?hl=ja$/);
    });
  });

  test.describe('an Android phone when no store link is published', () => {
    test.use({
      userAgent: devices['Pixel 7'].userAgent,
      viewport: devices['Pixel 7'].viewport,
      hasTouch: true,
    });
    test('shows one package, and tapping it says it cannot be installed here', async ({ page }) => {
      await page.route('**/operator/latest', async (route) => {
        const response = await route.fetch();
        const spec = await response.json();
        spec.packages.android = [];
        await route.fulfill({ response, json: spec });
      });
      await open(page, '/en');
      await expect(heroDownloads(page)).toHaveCount(1);
      const messages: string[] = [];
      page.once('dialog', (dialog) => {
        messages.push(dialog.message());
        void dialog.dismiss();
      });
      await heroDownloads(page).click();
      await expect
        .poll(() => messages)
        .toEqual([expect.stringContaining("can't be installed on a phone or tablet")]);
      await expect(page).toHaveURL(/\/en$/);
    });
  });

  test('keeps asking the release feed until it answers', async ({ page }) => {
    let failures = 3;
    await page.route('**/operator/latest', (route) => (failures-- > 0 ? route.abort() : route.continue()));
    await open(page, '/en');
    await expect(page.locator('.final-version')).toHaveText('Latest version 3.3.3', { timeout: 10_000 });
    expect(failures).toBeLessThan(0);
  });
});

test.describe('the header', () => {
  test('leads Pricing to the pricing page, and in the upgrade flow to the upgrade pricing without the language selector', async ({
    page,
  }) => {
    await open(page, '/en');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/en/payment/pricepolicy',
    );
    await expect(page.locator('.header-language')).toBeVisible();
    await open(page, '/en/payment/upgrade/pricepolicy?guid=abcdefabcdefabcdefabcdefabcdefab');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/en/payment/upgrade/pricepolicy?guid=abcdefabcdefabcdefabcdefabcdefab',
    );
    await expect(page.locator('.header-language')).toHaveCount(0);
  });

  test('opens a menu on hover and lists the grouped features in Japanese', async ({ page }) => {
    await open(page, '/ja');
    const features = page.getByRole('button', { name: '機能', exact: true });
    await expect(features).toHaveAttribute('aria-expanded', 'false');
    await features.hover();
    await expect(features).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.dropdown-panel .dropdown-group-title')).toHaveText([
      '字幕・翻訳',
      '文書ベースの編集',
      '動画素材',
      '動画制作',
      'その他のツール',
    ]);
    await page.locator('.dropdown-panel').getByRole('link', { name: 'AIボイス', exact: true }).click();
    await expect(page).toHaveURL(/\/ja\/feature\/ai-voice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ナレーションのための自然なAIボイス');
  });

  test('shows no feature menu in Spanish', async ({ page }) => {
    await open(page, '/es');
    await expect(page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button')).toHaveCount(0);
  });

  test('login opens the sign-in modal query on the current page', async ({ page }) => {
    await open(page, '/en/privacy-policy?x=1');
    await page.locator('.header-actions').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/privacy-policy\?x=1&open=signIn$/);
  });

  test.describe('under 880 px', () => {
    test.use({ viewport: { width: 600, height: 900 } });
    test('has a menu that closes on an outside click and toggles each sub-menu on its own', async ({
      page,
    }) => {
      await open(page, '/en');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      const panel = page.locator('#mobile-menu-panel');
      await expect(panel).toBeVisible();
      const features = panel.getByRole('button', { name: 'Features' });
      const solutions = panel.getByRole('button', { name: 'Solutions' });
      await features.click();
      await expect(features).toHaveAttribute('aria-expanded', 'true');
      await expect(solutions).toHaveAttribute('aria-expanded', 'false');
      await solutions.click();
      await expect(features).toHaveAttribute('aria-expanded', 'true');
      await features.click();
      await expect(features).toHaveAttribute('aria-expanded', 'false');
      await expect(solutions).toHaveAttribute('aria-expanded', 'true');
      await page.mouse.click(300, 850);
      await expect(panel).toBeHidden();
    });
  });
});

test.describe('the language switch', () => {
  test('keeps the page and its query', async ({ page }) => {
    await open(page, '/en/payment/pricepolicy?priceVersion=1');
    await expect(page.locator('th[data-plan]')).toHaveCount(3);
    await page.locator('.site-footer select').selectOption('ko');
    await expect(page).toHaveURL(/\/ko\/payment\/pricepolicy\?priceVersion=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('요금제');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  });

  test('goes to the language home from a page the other language does not have', async ({ page }) => {
    await open(page, '/en/solutions/education-video');
    await page.locator('.header-language select').selectOption('ja');
    await expect(page).toHaveURL(/\/ja$/);
  });
});

test.describe('the landing', () => {
  test('rotates the free-asset tabs every 3 seconds, and a click selects one and stops the rotation', async ({
    page,
  }) => {
    await page.clock.install();
    await open(page, '/en');
    await expect(page.locator('.final-version')).toHaveText('Latest version 3.3.3');
    const tabs = page.getByRole('tablist', { name: 'Free assets, ready to use' }).getByRole('tab');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.clock.runFor(3000);
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.clock.runFor(3000);
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await tabs.nth(0).click();
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.clock.runFor(9000);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  });

  test('rotates the final logo every 5 seconds among three', async ({ page }) => {
    await page.clock.install();
    await open(page, '/en');
    await expect(page.locator('.final-version')).toHaveText('Latest version 3.3.3');
    const current = page.locator('.final-logos img.is-current');
    await expect(current).toHaveAttribute('data-logo', '1');
    await page.clock.runFor(5000);
    await expect(current).toHaveAttribute('data-logo', '2');
    await page.clock.runFor(10_000);
    await expect(current).toHaveAttribute('data-logo', '1');
  });

  test('shows 6 features, all 12 when expanded', async ({ page }) => {
    await open(page, '/en');
    const cards = page.locator('.feature-card');
    await expect(cards.filter({ visible: true })).toHaveCount(6);
    await page.getByRole('button', { name: 'Show all features' }).click();
    await expect(cards.filter({ visible: true })).toHaveCount(12);
    await expect(page.locator('.feature-card.is-new .badge').first()).toHaveText('New');
    await page.getByRole('button', { name: 'Show fewer features' }).click();
    await expect(cards.filter({ visible: true })).toHaveCount(6);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('shows 3 features until expanded, and the note about the desktop app', async ({ page }) => {
      await open(page, '/en');
      await expect(page.locator('.feature-card').filter({ visible: true })).toHaveCount(3);
      await page.getByRole('button', { name: 'Show all features' }).click();
      await expect(page.locator('.feature-card').filter({ visible: true })).toHaveCount(12);
      const note = page.getByRole('complementary', { name: 'About the desktop app' });
      await expect(note).toBeVisible();
      await note.getByRole('button', { name: 'Close' }).click();
      await expect(note).toHaveCount(0);
    });
  });

  test('puts try before download in Korean and download first in English', async ({ page }) => {
    await open(page, '/ko');
    await expect(page.locator('.hero .cta-buttons > :first-child')).toHaveText('웹에서 바로 써 보기');
    await open(page, '/en');
    await expect(page.locator('.hero .cta-buttons > :first-child')).not.toHaveText('Try it online');
  });
});

test.describe('the pricing page', () => {
  test('switches between monthly, annual and fixed-term prices (no fixed-term tab in English)', async ({
    page,
  }) => {
    await open(page, '/en/payment/pricepolicy');
    const tabs = page.getByRole('tablist', { name: 'Billing period' }).getByRole('tab');
    await expect(tabs).toHaveText(['Monthly', 'Annual']);
    const light = page.locator('th[data-plan]').first();
    await expect(light).toContainText('US$8.99');
    await tabs.nth(1).click();
    await expect(page.locator('th[data-plan]').first()).toContainText('US$7.49');
    await expect(page.locator('th[data-plan]').first()).toContainText('US$89.90 billed yearly');

    await open(page, '/ja/payment/pricepolicy');
    const jaTabs = page.getByRole('tablist').getByRole('tab');
    await expect(jaTabs).toHaveText(['月額プラン', '年額プラン', '期間パス']);
    await jaTabs.nth(2).click();
    await expect(page.locator('th[data-plan]').first()).toContainText('¥13,200');
    await expect(page.locator('th[data-plan]').first()).toHaveAttribute('data-plan', 'Y1_LIGHT_V3');
  });

  test('offers Business at the price version 1', async ({ page }) => {
    await open(page, '/ko/payment/pricepolicy?priceVersion=1');
    await expect(page.locator('th[data-plan]')).toHaveCount(3);
    await expect(page.locator('th[data-plan]').nth(2)).toContainText('₩39,900');
  });

  test('with a session guid, it stores the chosen plan in the session and goes to its order page', async ({
    page,
    request,
  }) => {
    const signIn = await request.post('/auth/v2/sign-in', {
      data: {
        email: 'demo@cutloom.local',
        password: 'demo-pass1',
        clientType: 'desktop',
        language: 'ko',
        persistSession: false,
      },
    });
    const { session } = await signIn.json();
    const created = await request.post('/payment/create-init-payment', {
      headers: { authorization: `Bearer ${session.idToken}` },
      data: { clientType: 'desktop', language: 'ko' },
    });
    expect(created.ok()).toBe(true);
    const { guid } = await created.json();

    await open(page, `/ko/payment/pricepolicy?guid=${guid}&test=1`);
    await page.getByRole('tab', { name: '기간제 이용권' }).click();
    // The tab's plans render as a deferred update: press the pass's button, not the monthly one it replaces.
    await page.locator('th[data-plan^="Y1_"]').getByRole('button', { name: '시작하기: 라이트' }).click();
    await expect(page).toHaveURL(new RegExp(`/ko/payment/order/fixedterm\\?guid=${guid}&test=1$`));
    const stored = await request.post('/payment/get-payment-session-info', { data: { guid, isTest: true } });
    expect((await stored.json()).sessionInfo.planPriceInfo).toMatchObject({ name: 'Y1_LIGHT_V3' });
  });

  test('explains a usage in its tooltip', async ({ page }) => {
    await open(page, '/en/payment/pricepolicy');
    await expect(page.locator('th[data-plan]')).toHaveCount(2);
    await page.locator('table').getByRole('button', { name: 'About Speech to text' }).focus();
    await expect(page.locator('table [role="tooltip"].is-open')).toContainText(
      'Minutes of audio transcribed',
    );
  });
});

test('pre-rendered pages carry hreflang alternates, a canonical URL, and the sitemap lists them', async ({
  request,
}) => {
  const html = await (await request.get('/ja/feature/ai-voice')).text();
  expect(html).toContain('<html lang="ja">');
  expect(html).toContain('rel="canonical" href="https://www.cutloom.app/ja/feature/ai-voice"');
  for (const lang of ['ko', 'ja', 'en', 'x-default']) expect(html).toContain(`hreflang="${lang}"`);
  expect(html).not.toContain('hreflang="es"');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>https://www.cutloom.app/zh-TW/refund-policy</loc>');
  expect(sitemap).not.toContain('/es/feature/');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://www.cutloom.app/sitemap.xml');
});

test('customers never download the console: the site pages load none of its code, /admin has its own app', async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    // A body is dropped once its page navigates away: then the script is fetched again by its address.
    if (response.request().resourceType() === 'script')
      scripts.push(
        response.text().catch(() => page.request.get(response.url()).then((again) => again.text())),
      );
  });
  await page.goto('/en');
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page).toHaveURL(/\/en\/payment\/pricepolicy/);
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(3);
  // The console's route tree names its layout route `_console`; the site's has no such route.
  for (const body of bodies) expect(body).not.toContain('/admin/_console');

  await page.addInitScript(() => localStorage.setItem('cutloom.console.language', 'en'));
  await page.goto('/admin/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  const shell = await (await page.request.get('/admin/users')).text();
  expect(shell).toContain('<meta name="robots" content="noindex" />');
});
