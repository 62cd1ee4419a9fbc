import { expect, type Page, test } from '@playwright/test';
import { SITE_LANGUAGES } from '../shared/languages.ts';
import { mailedLink } from './order-helpers.ts';

/**
 * Details of the public pages a visitor meets: a language switch on a content page, the sign-in
 * modal opened by the address on a pre-rendered page, a minor's verified pages, the Korean hero
 * title, the illustrations' texts in every language, and the landing's "Show all features".
 */
function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('.footer-download')).toHaveAttribute('title', /MB\)$/, { timeout: 15_000 });
}

test('switching a feature page and a legal page from English to Korean shows them in Korean without a script error', async ({
  page,
}) => {
  const errors = scriptErrors(page);
  await open(page, '/en/feature/ai-voice');
  await page.locator('.site-footer select').selectOption('ko');
  await expect(page).toHaveURL(/\/ko\/feature\/ai-voice$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[가-힣]/);
  await expect(page.locator('.feature-points li')).toHaveCount(3);

  await open(page, '/en/terms-of-service');
  await page.locator('.site-footer select').selectOption('ko');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('이용약관');
  expect(errors).toEqual([]);
});

test('the sign-in modal opened by the address hydrates the pre-rendered page without a script error', async ({
  page,
}) => {
  const errors = scriptErrors(page);
  for (const url of [
    '/en?open=signIn',
    '/ja/payment/pricepolicy?open=signIn&purpose=payment&plan=MR_STANDARD_V3',
  ]) {
    await open(page, url);
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("a minor's verified pages say what is still missing before the minor can sign in", async ({
  page,
  request,
}) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const child = `child-${stamp}@example.com`;
  const parent = `parent-${stamp}@example.com`;
  const signedUp = await request.post('/auth/sign-up', {
    data: {
      name: 'Young Person',
      email: child,
      password: 'minor-pass1',
      language: 'en',
      clientType: 'landing',
      parentName: 'Parent Person',
      parentEmail: parent,
    },
  });
  expect(signedUp.ok()).toBe(true);
  const linkTo = async (address: string) => {
    const link = await mailedLink(request, address);
    return `${link.pathname}${link.search}`;
  };

  await page.goto(await linkTo(child));
  await expect(page.getByRole('status')).toHaveText(
    'Your e-mail address is verified. Your parent or guardian must confirm too: you can sign in once they have.',
  );
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  const waiting = await request.post('/auth/v2/sign-in', {
    data: { email: child, password: 'minor-pass1', clientType: 'landing', language: 'en' },
  });
  expect((await waiting.json()).error.code).toBe('USER_UNVERIFIED');

  await page.goto(await linkTo(parent));
  await expect(page.getByRole('status')).toHaveText(
    "Thank you for confirming. Your child's account can now be used.",
  );
  const signedIn = await request.post('/auth/v2/sign-in', {
    data: { email: child, password: 'minor-pass1', clientType: 'landing', language: 'en' },
  });
  expect(signedIn.ok()).toBe(true);
});

test('the Korean hero title breaks only between words, at every width from a phone to a desktop', async ({
  page,
}) => {
  await open(page, '/ko');
  const title = page.locator('.hero h1');
  for (let width = 320; width <= 1440; width += 20) {
    await page.setViewportSize({ width, height: 800 });
    const breaks = await title.evaluate((heading) => {
      const text = heading.firstChild as Text;
      const found: string[] = [];
      let top: number | undefined;
      for (let index = 0; index < text.length; index += 1) {
        if (text.data[index] === ' ') continue;
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const charTop = Math.round(range.getClientRects()[0]?.top ?? 0);
        if (top !== undefined && charTop > top && text.data[index - 1] !== ' ')
          found.push(`${text.data.slice(0, index)}|${text.data.slice(index)}`);
        top = charTop;
      }
      return found;
    });
    expect(breaks, `${width} px`).toEqual([]);
  }
});

test("every illustration's text stays inside its box, in every language", async ({ page }) => {
  const sources = new Set<string>();
  for (const lang of SITE_LANGUAGES) {
    await open(page, `/${lang}`);
    for (const src of await page
      .locator('main img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src)))
      sources.add(src);
  }
  let checked = 0;
  for (const src of sources) {
    await page.goto(src);
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('text[data-within]')].flatMap((text) => {
        const box = document.getElementById(text.getAttribute('data-within') ?? '')?.getBoundingClientRect();
        const own = text.getBoundingClientRect();
        return box && own.left >= box.left && own.right <= box.right ? [] : [text.textContent ?? ''];
      }),
    );
    checked += await page.locator('text[data-within]').count();
    expect(outside, src).toEqual([]);
  }
  // Every language's hero preview among them (the landing shows it first).
  for (const lang of SITE_LANGUAGES)
    expect(
      [...sources].some((src) => new URL(src).pathname.includes(`preview-${lang}`)),
      lang,
    ).toBe(true);
  expect(checked).toBeGreaterThanOrEqual(SITE_LANGUAGES.length * 4);
});

test('"Show all features" looks like the other buttons', async ({ page }) => {
  await open(page, '/en');
  const more = page.getByRole('button', { name: 'Show all features' });
  const look = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        border: `${style.borderTopStyle} ${style.borderTopWidth}`,
        weight: style.fontWeight,
        radius: style.borderTopLeftRadius,
        height: Math.round(element.getBoundingClientRect().height) >= 44,
      };
    });
  expect(await look(more)).toEqual({ border: 'solid 2px', weight: '600', radius: '10px', height: true });
  await more.click();
  await expect(page.getByRole('button', { name: 'Show fewer features' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});
